# Returns the placements themselves instead of how many there are.
def total_n_queens(n):
    from itertools import permutations

    return [list(p) for p in permutations(range(n))
            if len({r + c for r, c in enumerate(p)}) == n
            and len({r - c for r, c in enumerate(p)}) == n]
