class Solution:
    def __init__(self):
        self.res = []
        self.cols = set()
        self.pos = set()
        self.neg = set()

    def solveNQueens(self, n: int) -> List[List[str]]:
        self.n = n
        self.board = [["."] * n for _ in range(n)]
        self.backtrack(0)
        return self.res

    def backtrack(self, r: int) -> None:
        if r == self.n:
            self.res.append(["".join(row) for row in self.board])
            return
        for c in range(self.n):
            if c in self.cols or (r + c) in self.pos or (r - c) in self.neg:
                continue
            self.cols.add(c)
            self.pos.add(r + c)
            self.neg.add(r - c)
            self.board[r][c] = "Q"
            self.backtrack(r + 1)
            self.cols.remove(c)
            self.pos.remove(r + c)
            self.neg.remove(r - c)
            self.board[r][c] = "."
