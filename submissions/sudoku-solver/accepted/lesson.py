# The lesson's search: a digit the row, column and box allow in each empty cell, undone when
# the rest cannot be filled.
def solve_sudoku(board):
    def allowed(r, c, d):
        for i in range(9):
            if board[r][i] == d or board[i][c] == d:
                return False
            if board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] == d:
                return False
        return True

    def fill():
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    for d in "123456789":
                        if allowed(r, c, d):
                            board[r][c] = d
                            if fill():
                                return True
                            board[r][c] = "."
                    return False
        return True

    fill()
