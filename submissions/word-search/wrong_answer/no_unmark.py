# Lesson mistake: a cell marked on the way is never unmarked, so a path that failed blocks
# the cells for every later path.
def exist(board, word):
    rows, cols = len(board), len(board[0])

    def search(r, c, i):
        if i == len(word):
            return True
        if r < 0 or c < 0 or r >= rows or c >= cols or board[r][c] != word[i]:
            return False
        board[r][c] = "#"
        return (search(r + 1, c, i + 1) or search(r - 1, c, i + 1)
                or search(r, c + 1, i + 1) or search(r, c - 1, i + 1))

    return any(search(r, c, 0) for r in range(rows) for c in range(cols))
