"""Trusted reference: row-by-row backtracking with sets for the taken columns and diagonals."""


def solve_n_queens(n: int) -> list[list[int]]:
    solutions: list[list[int]] = []
    columns: list[int] = []
    taken_columns: set[int] = set()
    taken_down: set[int] = set()  # r - c is constant along a "\" diagonal
    taken_up: set[int] = set()  # r + c is constant along a "/" diagonal

    def place(row: int) -> None:
        if row == n:
            solutions.append(list(columns))
            return
        for column in range(n):
            if column in taken_columns or row - column in taken_down or row + column in taken_up:
                continue
            columns.append(column)
            taken_columns.add(column)
            taken_down.add(row - column)
            taken_up.add(row + column)
            place(row + 1)
            columns.pop()
            taken_columns.remove(column)
            taken_down.remove(row - column)
            taken_up.remove(row + column)

    place(0)
    return solutions
