# Mistake: the list is built but never returned.
def solve_n_queens(n):
    result = []

    def place(board, row):
        if row == n:
            result.append(board)
            return
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(board)):
                place(board + [col], row + 1)

    place([], 0)
