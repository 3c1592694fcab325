"""Trusted: backtrack row by row, then draw each placement as strings."""


def solve_n_queens(n):
    boards, columns = [], []

    def place(row):
        if row == n:
            boards.append(["." * c + "Q" + "." * (n - c - 1) for c in columns])
            return
        for column in range(n):
            if all(c != column and abs(c - column) != row - r for r, c in enumerate(columns)):
                columns.append(column)
                place(row + 1)
                columns.pop()

    place(0)
    return boards
