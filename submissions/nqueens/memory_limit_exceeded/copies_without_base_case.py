# The recursion has no base case, and every call copies the board it is given: memory runs
# out a few thousand calls deep, before the recursion limit is reached.
def solve_n_queens(n):
    def place(row, board):
        return place(row + 1, board + [0])

    return place(0, [])
