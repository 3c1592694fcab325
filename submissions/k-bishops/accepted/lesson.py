# The lesson's search: square by square, a bishop where neither of its diagonals is taken.
def count_bishops(n, k):
    down = [False] * (2 * n - 1)  # r - c + n - 1
    up = [False] * (2 * n - 1)    # r + c

    def place(square, left):
        if left == 0:
            return 1
        if square == n * n:
            return 0
        r, c = divmod(square, n)
        total = place(square + 1, left)
        if not down[r - c + n - 1] and not up[r + c]:
            down[r - c + n - 1] = up[r + c] = True
            total += place(square + 1, left - 1)
            down[r - c + n - 1] = up[r + c] = False
        return total

    return place(0, k)
