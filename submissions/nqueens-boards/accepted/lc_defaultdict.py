class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        # defaultdict with no import: LeetCode has collections in scope.
        used = defaultdict(bool)
        queens = []
        out = []

        def place(row):
            if row == n:
                out.append(["." * q + "Q" + "." * (n - q - 1) for q in queens])
                return
            for col in range(n):
                if used["c", col] or used["d", row - col] or used["a", row + col]:
                    continue
                used["c", col] = used["d", row - col] = used["a", row + col] = True
                queens.append(col)
                place(row + 1)
                queens.pop()
                used["c", col] = used["d", row - col] = used["a", row + col] = False

        place(0)
        return out
