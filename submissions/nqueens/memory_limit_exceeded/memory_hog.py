# Keeps every partial board forever: memory grows without bound.
def solve_n_queens(n):
    hoard = []
    while True:
        hoard.append(bytearray(50 * 1024 * 1024))
