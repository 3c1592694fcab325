# The diagonal masks are never cut back to n bits: `left << 1` grows past the board, and
# `~(cols | left | right)` then offers squares off the board as free.
class Solution:
    def totalNQueens(self, n: int) -> int:
        def dfs(row: int, cols: int, left: int, right: int) -> int:
            if row == n:
                return 1
            total = 0
            free = ~(cols | left | right) & ((1 << (n + 1)) - 1)
            while free:
                bit = free & -free
                free ^= bit
                total += dfs(row + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1)
            return total

        return dfs(0, 0, 0, 0)
