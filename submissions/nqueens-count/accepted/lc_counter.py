class Solution:
    def totalNQueens(self, n: int) -> int:
        # Counter of queens on each line: a square is free when all three counts are 0.
        used = Counter()
        res = 0

        def place(r):
            nonlocal res
            if r == n:
                res += 1
                return
            for c in range(n):
                keys = (("col", c), ("diag", r - c), ("anti", r + c))
                if any(used[k] for k in keys):
                    continue
                used.update(keys)
                place(r + 1)
                used.subtract(keys)

        place(0)
        return res
