class Solution:
    def totalNQueens(self, n: int) -> int:
        def dfs(row: int, cols: int, ld: int, rd: int) -> int:
            if row == n:
                return 1
            total = 0
            bits = ~(cols | ld | rd) & ((1 << n) - 1)
            while bits:
                p = bits & -bits
                bits &= bits - 1
                total += dfs(row + 1, cols | p, (ld | p) << 1, (rd | p) >> 1)
            return total

        return dfs(0, 0, 0, 0)
