# Lesson mistake: 'Q' drawn at the row index instead of the column: every board is the
# diagonal, the same for all solutions.
def solve_n_queens(n):
    boards, columns = [], []

    def place(row):
        if row == n:
            boards.append(["." * r + "Q" + "." * (n - r - 1) for r, _ in enumerate(columns)])
            return
        for column in range(n):
            if all(c != column and abs(c - column) != row - r for r, c in enumerate(columns)):
                columns.append(column)
                place(row + 1)
                columns.pop()

    place(0)
    return boards
