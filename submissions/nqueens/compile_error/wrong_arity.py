def solve_n_queens(n, row, board):
    return []
