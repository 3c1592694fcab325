# LeetCode 52's usual answer: columns and diagonals kept in sets. Right, but 5.5 s of
# CPython at n = 13, 1.4x the 4 s limit: too slow on a quiet machine as on a busy one.
class Solution:
    def totalNQueens(self, n: int) -> int:
        columns, diagonals, anti_diagonals = set(), set(), set()

        def place(row: int) -> int:
            if row == n:
                return 1
            found = 0
            for col in range(n):
                if col in columns or row - col in diagonals or row + col in anti_diagonals:
                    continue
                columns.add(col)
                diagonals.add(row - col)
                anti_diagonals.add(row + col)
                found += place(row + 1)
                columns.remove(col)
                diagonals.remove(row - col)
                anti_diagonals.remove(row + col)
            return found

        return place(0)
