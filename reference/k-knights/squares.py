"""Trusted Python reference: square by square, each taken or left, a knight only where none
already placed attacks it (earlier squares only: later ones are checked when placed)."""

MOVES = ((1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1))


def count_knights(n: int, k: int) -> int:
    taken = [[False] * n for _ in range(n)]

    def safe(r: int, c: int) -> bool:
        return not any(
            0 <= r + dr < n and 0 <= c + dc < n and taken[r + dr][c + dc] for dr, dc in MOVES
        )

    def place(square: int, left: int) -> int:
        if left == 0:
            return 1
        if n * n - square < left:
            return 0
        r, c = divmod(square, n)
        total = place(square + 1, left)
        if safe(r, c):
            taken[r][c] = True
            total += place(square + 1, left - 1)
            taken[r][c] = False
        return total

    return place(0, k)
