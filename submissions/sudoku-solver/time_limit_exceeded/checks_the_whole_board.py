# Too slow: every digit is placed first and the whole board checked after, 27 lines each time.
def solve_sudoku(board):
    def valid():
        for i in range(9):
            row = [d for d in board[i] if d != "."]
            col = [board[r][i] for r in range(9) if board[r][i] != "."]
            box = [board[i // 3 * 3 + k // 3][i % 3 * 3 + k % 3] for k in range(9)]
            box = [d for d in box if d != "."]
            if len(set(row)) < len(row) or len(set(col)) < len(col) or len(set(box)) < len(box):
                return False
        return True

    def fill():
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    for d in "123456789":
                        board[r][c] = d
                        if valid() and fill():
                            return True
                    board[r][c] = "."
                    return False
        return True

    fill()
