class Solution:
    def solveOne(self, n: int) -> List[int]:
        cols: List[int] = []

        def place(r: int) -> bool:
            if r == n:
                return True
            for c in range(n):
                if all(c != q and abs(c - q) != r - i for i, q in enumerate(cols)):
                    cols.append(c)
                    if place(r + 1):
                        return True
                    cols.pop()
            return False

        return cols if place(0) else []
