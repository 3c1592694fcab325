# Top-level code runs when the file is loaded; this line fails there.
print(solve_n_queens(4))


def solve_n_queens(n):
    return []
