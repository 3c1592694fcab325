"""Trusted Python reference: square by square, each taken or left, a bishop only on a
diagonal no bishop already holds (both directions, as array indices r - c + n - 1 and
r + c)."""


def count_bishops(n: int, k: int) -> int:
    down = [False] * (2 * n - 1)
    up = [False] * (2 * n - 1)

    def place(square: int, left: int) -> int:
        if left == 0:
            return 1
        if n * n - square < left:
            return 0
        r, c = divmod(square, n)
        total = place(square + 1, left)
        if not down[r - c + n - 1] and not up[r + c]:
            down[r - c + n - 1] = up[r + c] = True
            total += place(square + 1, left - 1)
            down[r - c + n - 1] = up[r + c] = False
        return total

    return place(0, k)
