# Lesson mistake: the knight is never taken back, so every later try sees it still there.
def count_knights(n, k):
    board = [[False] * n for _ in range(n)]
    moves = [(-1, -2), (-1, 2), (-2, -1), (-2, 1)]

    def place(square, left):
        if left == 0:
            return 1
        if square == n * n:
            return 0
        r, c = divmod(square, n)
        total = place(square + 1, left)
        if all(not (0 <= r + dr < n and 0 <= c + dc < n and board[r + dr][c + dc]) for dr, dc in moves):
            board[r][c] = True
            total += place(square + 1, left - 1)
        return total

    return place(0, k)
