# LeetCode 52 as pasted: `class Solution`, camelCase, a bitmask DFS keeping its count on self.
class Solution:
    def totalNQueens(self, n: int) -> int:
        self.count = 0
        full = (1 << n) - 1

        def dfs(cols: int, left: int, right: int) -> None:
            if cols == full:
                self.count += 1
                return
            free = full & ~(cols | left | right)
            while free:
                bit = free & -free
                free -= bit
                dfs(cols | bit, (left | bit) << 1 & full, (right | bit) >> 1)

        dfs(0, 0, 0)
        return self.count
