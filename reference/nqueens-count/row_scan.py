"""Trusted: count row by row with sets of used columns and diagonals."""


def total_n_queens(n):
    columns, diagonals, anti = set(), set(), set()

    def place(row):
        if row == n:
            return 1
        found = 0
        for column in range(n):
            if column in columns or row - column in diagonals or row + column in anti:
                continue
            columns.add(column)
            diagonals.add(row - column)
            anti.add(row + column)
            found += place(row + 1)
            columns.remove(column)
            diagonals.remove(row - column)
            anti.remove(row + column)
        return found

    return place(0)
