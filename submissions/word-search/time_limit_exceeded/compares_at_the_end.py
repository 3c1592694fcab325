# Too slow: every path of the grid is walked to the word's length and only then compared,
# where the lesson's search turns back at the first letter that differs.
def exist(board, word):
    rows, cols = len(board), len(board[0])

    def walk(r, c, path, seen):
        if len(path) == len(word):
            return path == word
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < cols and (rr, cc) not in seen:
                if walk(rr, cc, path + board[rr][cc], seen | {(rr, cc)}):
                    return True
        return False

    return any(walk(r, c, board[r][c], {(r, c)}) for r in range(rows) for c in range(cols))
