# Mistake: every solution is saved twice.
def solve_n_queens(n):
    result = []

    def place(board, row):
        if row == n:
            result.append(board)
            result.append(list(board))
            return
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(board)):
                place(board + [col], row + 1)

    place([], 0)
    return result
