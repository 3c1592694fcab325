# LeetCode's spelling of the name, with LeetCode's `List` and no import: accepted as it is.
class Solution:
    def solveNQueens(self, n: int) -> List[List[int]]:
        res: List[List[int]] = []
        cols: List[int] = []

        def dfs(r: int) -> None:
            if r == n:
                res.append(cols.copy())
                return
            for c in range(n):
                if all(c != q and abs(c - q) != r - i for i, q in enumerate(cols)):
                    cols.append(c)
                    dfs(r + 1)
                    cols.pop()

        dfs(0)
        return res
