# Lesson mistake: the solved board is a copy, returned; LeetCode's solveSudoku changes the
# board it was given and returns nothing, so the caller's board is unchanged.
import copy


def solve_sudoku(board):
    board = copy.deepcopy(board)

    def allowed(r, c, d):
        return all(board[r][i] != d and board[i][c] != d
                   and board[r // 3 * 3 + i // 3][c // 3 * 3 + i % 3] != d for i in range(9))

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
    return board
