def solve_n_queens(n: int) -> list[list[int]]:
    pass
