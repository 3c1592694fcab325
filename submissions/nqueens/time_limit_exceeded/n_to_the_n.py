# Tries all n^n ways to put one queen in each row: fine for n = 5, hopeless for n = 9.
from itertools import product


def solve_n_queens(n):
    result = []
    for cols in product(range(n), repeat=n):
        if len(set(cols)) == n and all(
            abs(cols[a] - cols[b]) != b - a for a in range(n) for b in range(a + 1, n)
        ):
            result.append(list(cols))
    return result
