"""Trusted: count by bitmask search over free columns and both diagonals."""


def total_n_queens(n):
    full = (1 << n) - 1

    def count(columns, left, right):
        if columns == full:
            return 1
        total = 0
        free = full & ~(columns | left | right)
        while free:
            bit = free & -free
            free ^= bit
            total += count(columns | bit, (left | bit) << 1 & full, (right | bit) >> 1)
        return total

    return count(0, 0, 0)
