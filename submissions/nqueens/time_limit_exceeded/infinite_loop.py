# The base case is never reached: `r` is never advanced. The loop keeps no more memory
# than one row, so its verdict is TLE on every machine, however fast it appends.
def solve_n_queens(n):
    placement = []
    r = 0
    while r < n:
        placement = [c for c in range(n) if c != r]
    return [placement]
