# Looks like the lesson's "bitmask without & full" mistake, and is correct: the shifted
# diagonals grow bits past the board, but `free` is masked with `full`, so those bits never
# become a column to try.
def solve_n_queens(n):
    full = (1 << n) - 1
    solutions = []
    columns = []

    def place(taken, falling, rising):
        if len(columns) == n:
            solutions.append(columns[:])
            return
        free = full & ~(taken | falling | rising)
        while free:
            bit = free & -free
            free ^= bit
            columns.append(bit.bit_length() - 1)
            place(taken | bit, (falling | bit) << 1, (rising | bit) >> 1)
            columns.pop()

    place(0, 0, 0)
    return solutions
