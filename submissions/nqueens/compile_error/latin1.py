# Résultat en Latin-1
def solve_n_queens(n):
    return []
