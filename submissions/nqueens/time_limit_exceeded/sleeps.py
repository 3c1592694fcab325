# Sleeping uses no CPU time: only the wall-clock limit catches it.
import time


def solve_n_queens(n):
    time.sleep(3600)
    return []
