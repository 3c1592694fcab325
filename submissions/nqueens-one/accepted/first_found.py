"""Trusted: backtrack row by row and stop at the first complete placement."""


def solve_one(n):
    columns = []
    used, diagonals, anti = set(), set(), set()

    def place(row):
        if row == n:
            return True
        for column in range(n):
            if column in used or row - column in diagonals or row + column in anti:
                continue
            columns.append(column)
            used.add(column)
            diagonals.add(row - column)
            anti.add(row + column)
            if place(row + 1):
                return True
            columns.pop()
            used.remove(column)
            diagonals.remove(row - column)
            anti.remove(row + column)
        return False

    return columns if place(0) else []
