# The lesson's search: from every cell, mark the path's cells, unmark them coming back.
def exist(board, word):
    rows, cols = len(board), len(board[0])

    def search(r, c, i):
        if i == len(word):
            return True
        if r < 0 or c < 0 or r >= rows or c >= cols or board[r][c] != word[i]:
            return False
        board[r][c] = "#"
        found = (search(r + 1, c, i + 1) or search(r - 1, c, i + 1)
                 or search(r, c + 1, i + 1) or search(r, c - 1, i + 1))
        board[r][c] = word[i]
        return found

    return any(search(r, c, 0) for r in range(rows) for c in range(cols))
