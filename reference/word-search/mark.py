"""Trusted Python reference: a search from every cell, the path's cells marked, unmarked after."""


def exist(board: list[list[str]], word: str) -> bool:
    rows, cols = len(board), len(board[0])

    def found(r: int, c: int, i: int) -> bool:
        if i == len(word):
            return True
        if not (0 <= r < rows and 0 <= c < cols) or board[r][c] != word[i]:
            return False
        board[r][c] = "#"
        ok = any(found(r + dr, c + dc, i + 1) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        board[r][c] = word[i]
        return ok

    return any(found(r, c, 0) for r in range(rows) for c in range(cols))
