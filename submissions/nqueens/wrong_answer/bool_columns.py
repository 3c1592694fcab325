# Hostile: bool is a subclass of int in Python, but True is not a column.
def solve_n_queens(n):
    result = []

    def place(board, row):
        if row == n:
            result.append([bool(c) if c < 2 else c for c in board])
            return
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(board)):
                place(board + [col], row + 1)

    place([], 0)
    return result
