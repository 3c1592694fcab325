# Lesson mistake: when the search finds nothing (n = 2 or 3) it returns the array it started
# with, [-1, -1], where the problem asks for an empty list.
def solve_one(n):
    columns = [-1] * n

    def place(row):
        if row == n:
            return True
        for column in range(n):
            if all(columns[r] != column and abs(columns[r] - column) != row - r for r in range(row)):
                columns[row] = column
                if place(row + 1):
                    return True
                columns[row] = -1
        return False

    place(0)
    return columns
