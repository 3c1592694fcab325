# Lesson mistake: the placement lives in one array of n entries, reset to -1 when a queen is
# lifted, and that array itself is appended: every entry is the same array, all -1 at the end.
def solve_n_queens(n):
    solutions = []
    columns = [-1] * n

    def safe(row, column):
        return all(
            columns[r] != column and abs(columns[r] - column) != row - r for r in range(row)
        )

    def place(row):
        if row == n:
            solutions.append(columns)
            return
        for column in range(n):
            if safe(row, column):
                columns[row] = column
                place(row + 1)
                columns[row] = -1

    place(0)
    return solutions
