def solve_n_queens(n)
    return []
