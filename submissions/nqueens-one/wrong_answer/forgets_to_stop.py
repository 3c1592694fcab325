# Lesson mistake: the recursive call's success is not passed up, so the search runs on,
# undoes everything, and returns an empty list.
def solve_one(n):
    columns = []

    def place(row):
        if row == n:
            return True
        for column in range(n):
            if all(c != column and abs(c - column) != row - r for r, c in enumerate(columns)):
                columns.append(column)
                place(row + 1)
                columns.pop()
        return False

    place(0)
    return columns
