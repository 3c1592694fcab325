# Mistake: columns computed with `/` are floats (2.0), not ints.
def solve_n_queens(n):
    result = []

    def place(board, row):
        if row == n:
            result.append([c * 2 / 2 for c in board])
            return
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(board)):
                place(board + [col], row + 1)

    place([], 0)
    return result
