# Looks like the lesson's "unshifted diagonal index" mistake, and is correct in Python: row -
# column runs from -(n - 1) to n - 1, and a negative index counts from the end of the 2n - 1
# entries, onto slots n .. 2n - 2, which no index 0 .. n - 1 uses. (In C++ or Java it reads
# before the array.)
def solve_n_queens(n):
    solutions = []
    columns = []
    column_used = [False] * n
    falling_used = [False] * (2 * n - 1)
    rising_used = [False] * (2 * n - 1)

    def place(row):
        if row >= n:  # `>=` where the lesson writes `==`: the same, row never passes n
            solutions.append(columns[:])
            return
        for column in range(n):
            if column_used[column] or falling_used[row - column] or rising_used[row + column]:
                continue
            column_used[column] = falling_used[row - column] = rising_used[row + column] = True
            columns.append(column)
            place(row + 1)
            columns.pop()
            column_used[column] = falling_used[row - column] = rising_used[row + column] = False

    place(0)
    return solutions
