# The recursion has no base case: it goes on until the judge's recursion limit stops it.
def solve_n_queens(n):
    placements = []

    def place(row, cols):
        for col in range(n):
            cols.append(col)
            place(row + 1, cols)
            cols.pop()

    place(0, [])
    return placements
