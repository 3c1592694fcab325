# Lesson mistake: only one diagonal direction is marked, so two bishops on a / diagonal are
# counted as safe.
def count_bishops(n, k):
    down = [False] * (2 * n - 1)

    def place(square, left):
        if left == 0:
            return 1
        if square == n * n:
            return 0
        r, c = divmod(square, n)
        total = place(square + 1, left)
        if not down[r - c + n - 1]:
            down[r - c + n - 1] = True
            total += place(square + 1, left - 1)
            down[r - c + n - 1] = False
        return total

    return place(0, k)
