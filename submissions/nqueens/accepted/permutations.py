# Brute force over all n! column permutations: slow, but fast enough for n <= 9.
from itertools import permutations


def solve_n_queens(n):
    return [
        list(p)
        for p in permutations(range(n))
        if len({r + c for r, c in enumerate(p)}) == n and len({r - c for r, c in enumerate(p)}) == n
    ]
