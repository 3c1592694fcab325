# Python 2 habit: map() was a list there; here each board is a map object.
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        res = []
        qs = []

        def dfs(r):
            if r == n:
                res.append(map(lambda c: "." * c + "Q" + "." * (n - c - 1), qs))
                return
            for c in range(n):
                if all(c != q and abs(c - q) != r - i for i, q in enumerate(qs)):
                    qs.append(c)
                    dfs(r + 1)
                    qs.pop()

        dfs(0)
        return res
