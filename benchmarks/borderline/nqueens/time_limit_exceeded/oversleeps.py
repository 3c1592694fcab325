# Right, but at n = 9 it sleeps 3 s first: past the 2 s wall-clock limit, however quiet the
# machine.
from itertools import permutations
import time


def solve_n_queens(n):
    if n == 9:
        time.sleep(3)
    return [
        list(p)
        for p in permutations(range(n))
        if len({r + c for r, c in enumerate(p)}) == n and len({r - c for r, c in enumerate(p)}) == n
    ]
