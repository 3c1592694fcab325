class Solution:
    def totalNQueens(self, n: int) -> int:
        ans = 0
        cols = [False] * n
        hill = [False] * (2 * n - 1)
        dale = [False] * (2 * n - 1)

        def backtrack(row: int) -> None:
            nonlocal ans
            if row == n:
                ans += 1
                return
            for col in range(n):
                if cols[col] or hill[row + col] or dale[row - col + n - 1]:
                    continue
                cols[col] = hill[row + col] = dale[row - col + n - 1] = True
                backtrack(row + 1)
                cols[col] = hill[row + col] = dale[row - col + n - 1] = False

        backtrack(0)
        return ans
