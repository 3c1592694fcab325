# LeetCode 51 with a bitmask search; each board drawn from its columns at the end.
def solve_n_queens(n):
    full = (1 << n) - 1
    boards = []

    def search(columns, used, left, right):
        if used == full:
            boards.append(["." * c + "Q" + "." * (n - 1 - c) for c in columns])
            return
        free = full & ~(used | left | right)
        while free:
            bit = free & -free
            free ^= bit
            search(columns + [bit.bit_length() - 1], used | bit, (left | bit) << 1 & full,
                   (right | bit) >> 1)

    search([], 0, 0, 0)
    return boards
