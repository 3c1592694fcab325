# LeetCode 51 as pasted: `List` from LeetCode's pre-imports, sets for columns and diagonals.
class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        res = []
        board = [["."] * n for _ in range(n)]
        cols, diag, anti = set(), set(), set()

        def backtrack(r: int) -> None:
            if r == n:
                res.append(["".join(row) for row in board])
                return
            for c in range(n):
                if c in cols or r - c in diag or r + c in anti:
                    continue
                cols.add(c)
                diag.add(r - c)
                anti.add(r + c)
                board[r][c] = "Q"
                backtrack(r + 1)
                board[r][c] = "."
                cols.remove(c)
                diag.remove(r - c)
                anti.remove(r + c)

        backtrack(0)
        return res
