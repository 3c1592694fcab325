# Python 2 habits: `/` for the row, which Python 3 makes a float; a float cannot index a list.
def count_knights(n, k):
    board = [[False] * n for _ in range(n)]

    def place(square, left):
        if left == 0:
            return 1
        if square == n * n:
            return 0
        r, c = square / n, square % n
        total = place(square + 1, left)
        ok = all(not (0 <= r + dr < n and 0 <= c + dc < n and board[r + dr][c + dc])
                 for dr, dc in [(-1, -2), (-1, 2), (-2, -1), (-2, 1)])
        if ok:
            board[r][c] = True
            total += place(square + 1, left - 1)
            board[r][c] = False
        return total

    return place(0, k)
