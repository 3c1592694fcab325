import sys

sys.exit("not a module")


def solve_n_queens(n):
    return []
