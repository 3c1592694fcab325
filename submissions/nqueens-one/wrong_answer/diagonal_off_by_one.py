# Lesson mistake: one diagonal is checked with the wrong sign, so attacking queens slip through.
def solve_one(n):
    columns = []

    def place(row):
        if row == n:
            return True
        for column in range(n):
            if all(c != column and c - column != row - r for r, c in enumerate(columns)):
                columns.append(column)
                if place(row + 1):
                    return True
                columns.pop()
        return False

    return columns if place(0) else []
