# Hostile: a value nested a million levels deep, to crash a recursive decoder.
def solve_n_queens(n):
    value = []
    for _ in range(1_000_000):
        value = [value]
    return value
