class Solution:
    def totalNQueens(self, n: int) -> int:
        # lru_cache from LeetCode's pre-imported functools; the masks fully describe a state.
        @lru_cache(None)
        def count(row: int, cols: int, d1: int, d2: int) -> int:
            if row == n:
                return 1
            total = 0
            for c in range(n):
                a, b = 1 << (row + c), 1 << (row - c + n)
                if cols >> c & 1 or d1 & a or d2 & b:
                    continue
                total += count(row + 1, cols | 1 << c, d1 | a, d2 | b)
            return total

        return count(0, 0, 0, 0)
