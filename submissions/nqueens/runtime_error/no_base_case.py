# The recursion has no base case.
def solve_n_queens(n):
    def place(row, board):
        return place(row + 1, board + [0])

    return place(0, [])
