# Lesson mistake: each row is built as a list of characters and never joined into a string,
# so a board is [['.', 'Q', '.', '.'], ...] where LeetCode 51 wants [".Q..", ...].
def solve_n_queens(n):
    boards = []
    board = [["."] * n for _ in range(n)]
    used_columns, falling, rising = set(), set(), set()

    def place(row):
        if row == n:
            boards.append([list(cells) for cells in board])
            return
        for column in range(n):
            if column in used_columns or row - column in falling or row + column in rising:
                continue
            board[row][column] = "Q"
            used_columns.add(column)
            falling.add(row - column)
            rising.add(row + column)
            place(row + 1)
            board[row][column] = "."
            used_columns.remove(column)
            falling.remove(row - column)
            rising.remove(row + column)

    place(0)
    return boards
