# Debug printing left in a hot loop: 200 MB of output.
def solve_n_queens(n):
    line = "#" * 1023
    for _ in range(200 * 1024):
        print(line)
    return []
