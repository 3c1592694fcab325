from typing import List


class Solution:
    def solve_n_queens(self, n: int) -> List[List[int]]:
        result = []

        def is_valid(board, row, col):
            for r in range(row):
                if board[r] == col or abs(board[r] - col) == row - r:
                    return False
            return True

        def place(board, row):
            if row == n:
                result.append(list(board))
                return
            for col in range(n):
                if is_valid(board, row, col):
                    board.append(col)
                    place(board, row + 1)
                    board.pop()

        place([], 0)
        return result
