# Checks all n! permutations: fine for n = 8, hopeless for n = 12 (479 million).
from itertools import permutations


def total_n_queens(n):
    return sum(
        1
        for p in permutations(range(n))
        if len({r + c for r, c in enumerate(p)}) == n
        and len({r - c for r, c in enumerate(p)}) == n
    )
