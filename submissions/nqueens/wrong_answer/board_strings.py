# Mistake: LeetCode 51's answer format (boards of ".Q.." strings) instead of columns.
def solve_n_queens(n):
    result = []

    def place(board, row):
        if row == n:
            result.append(["." * c + "Q" + "." * (n - c - 1) for c in board])
            return
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(board)):
                place(board + [col], row + 1)

    place([], 0)
    return result
