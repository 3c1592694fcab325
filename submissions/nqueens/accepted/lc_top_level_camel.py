from typing import List


def solveNQueens(n: int) -> List[List[int]]:
    """A top-level function under LeetCode's name, as a tutorial writes it."""
    out = []
    stack = [[]]
    while stack:
        partial = stack.pop()
        row = len(partial)
        if row == n:
            out.append(partial)
            continue
        for col in range(n - 1, -1, -1):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(partial)):
                stack.append(partial + [col])
    return out
