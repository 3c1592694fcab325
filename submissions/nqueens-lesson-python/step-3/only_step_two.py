def solve_n_queens(n: int) -> list[list[int]]:
    placements = []
    placement = []
    return placements
