# Right, but at n = 9 it computes for 1.5 s of CPU first: past the 1 s limit by half, on
# any machine.
from itertools import permutations
import time


def solve_n_queens(n):
    started = time.process_time()
    while n == 9 and time.process_time() - started < 1.5:
        pass
    return [
        list(p)
        for p in permutations(range(n))
        if len({r + c for r, c in enumerate(p)}) == n and len({r - c for r, c in enumerate(p)}) == n
    ]
