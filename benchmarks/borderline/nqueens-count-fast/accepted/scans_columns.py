# Columns and diagonals as bits, but every column tried in every row (the quick search takes
# only the free ones): right, and 2.1 s of CPython at n = 13, past half the 4 s limit that
# `grader verify` asks of an accepted example. Accepted on a quiet machine and a busy one.
def total_n_queens(n):
    bits = [1 << col for col in range(n)]

    def place(row, cols, d1, d2):
        if row == n:
            return 1
        found = 0
        taken = cols | d1 | d2
        for bit in bits:
            if not taken & bit:
                found += place(row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1)
        return found

    return place(0, 0, 0, 0)
