# A value far larger than any answer: ten million placements.
def solve_n_queens(n):
    return [[0]] * 10_000_000
