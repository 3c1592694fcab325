# Python 2 on LeetCode's "Python" (2.7) setting, pasted into Python 3: xrange is gone.
class Solution(object):
    def solveNQueens(self, n):
        res = []
        cols = []

        def dfs(r):
            if r == n:
                res.append(["." * c + "Q" + "." * (n - c - 1) for c in cols])
                return
            for c in xrange(n):
                if all(c != q and abs(c - q) != r - i for i, q in enumerate(cols)):
                    cols.append(c)
                    dfs(r + 1)
                    cols.pop()

        dfs(0)
        return res
