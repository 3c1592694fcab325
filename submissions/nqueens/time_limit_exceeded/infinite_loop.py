# The base case is never reached: `r` is never advanced.
def solve_n_queens(n):
    result = []
    r = 0
    while r < n:
        result.append([])
    return result
