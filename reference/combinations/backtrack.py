"""Trusted Python reference: each next number after the last one chosen."""


def combine(n: int, k: int) -> list[list[int]]:
    found: list[list[int]] = []
    chosen: list[int] = []

    def place(start: int) -> None:
        if len(chosen) == k:
            found.append(chosen[:])
            return
        for number in range(start, n + 1):
            chosen.append(number)
            place(number + 1)
            chosen.pop()

    place(1)
    return found
