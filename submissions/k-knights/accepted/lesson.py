# The lesson's search: square by square, a knight only where none placed so far attacks it.
# Only the four moves that reach back (to earlier rows) are checked: later squares are empty.
def count_knights(n, k):
    board = [[False] * n for _ in range(n)]
    back = [(-1, -2), (-1, 2), (-2, -1), (-2, 1)]

    def safe(r, c):
        for dr, dc in back:
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and board[rr][cc]:
                return False
        return True

    def place(square, left):
        if left == 0:
            return 1
        if square == n * n:
            return 0
        r, c = divmod(square, n)
        total = place(square + 1, left)
        if safe(r, c):
            board[r][c] = True
            total += place(square + 1, left - 1)
            board[r][c] = False
        return total

    return place(0, k)
