"""Trusted reference: an iterative bitmask search, written independently of row_scan.py.

Bit c of `free` is set when column c is still open in the current row; the two diagonal
masks are shifted by one column per row as they move down the board.
"""


def solve_n_queens(n: int) -> list[list[int]]:
    full = (1 << n) - 1
    solutions: list[list[int]] = []
    # Each stack entry: columns chosen so far, then the columns and diagonals they block.
    stack: list[tuple[tuple[int, ...], int, int, int]] = [((), 0, 0, 0)]
    while stack:
        chosen, cols, left, right = stack.pop()
        if len(chosen) == n:
            solutions.append(list(chosen))
            continue
        free = full & ~(cols | left | right)
        while free:
            bit = free & -free
            free ^= bit
            stack.append(
                (
                    (*chosen, bit.bit_length() - 1),
                    cols | bit,
                    ((left | bit) << 1) & full,
                    (right | bit) >> 1,
                )
            )
    return solutions
