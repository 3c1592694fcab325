# LeetCode's Python: sets per row, column and box, the empty cells listed once.
class Solution:
    def solveSudoku(self, board: List[List[str]]) -> None:
        rows = [set() for _ in range(9)]
        cols = [set() for _ in range(9)]
        boxes = [set() for _ in range(9)]
        empty = []
        for r in range(9):
            for c in range(9):
                if board[r][c] == ".":
                    empty.append((r, c))
                else:
                    d = board[r][c]
                    rows[r].add(d); cols[c].add(d); boxes[(r // 3) * 3 + c // 3].add(d)

        def backtrack(i):
            if i == len(empty):
                return True
            r, c = empty[i]
            b = (r // 3) * 3 + c // 3
            for d in map(str, range(1, 10)):
                if d not in rows[r] and d not in cols[c] and d not in boxes[b]:
                    board[r][c] = d
                    rows[r].add(d); cols[c].add(d); boxes[b].add(d)
                    if backtrack(i + 1):
                        return True
                    board[r][c] = "."
                    rows[r].remove(d); cols[c].remove(d); boxes[b].remove(d)
            return False

        backtrack(0)
