# Results gathered on the instance from __init__: each test gets its own Solution().
class Solution:
    def __init__(self) -> None:
        self.solutions = []
        self.placed = []

    def solveNQueens(self, n: int) -> List[List[int]]:
        self.search(n)
        return self.solutions

    def search(self, n: int) -> None:
        row = len(self.placed)
        if row == n:
            self.solutions.append(list(self.placed))
            return
        for col in range(n):
            if col in self.placed:
                continue
            if any(abs(col - c) == row - r for r, c in enumerate(self.placed)):
                continue
            self.placed.append(col)
            self.search(n)
            self.placed.pop()
