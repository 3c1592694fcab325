# Lesson mistake: "boards smaller than 4 have no solution" returns early, but n = 1 has one:
# a queen alone on a 1 x 1 board. Only n = 2 and n = 3 have none.
def solve_n_queens(n):
    if n < 4:
        return []
    solutions = []
    columns = []

    def place(row):
        if row == n:
            solutions.append(columns[:])
            return
        for column in range(n):
            if all(c != column and abs(c - column) != row - r for r, c in enumerate(columns)):
                columns.append(column)
                place(row + 1)
                columns.pop()

    place(0)
    return solutions
