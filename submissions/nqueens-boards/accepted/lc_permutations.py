class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        # `permutations` is in scope on LeetCode: every permutation is one queen per column.
        return [
            ["." * c + "Q" + "." * (n - c - 1) for c in p]
            for p in permutations(range(n))
            if len(set(i + c for i, c in enumerate(p))) == n
            and len(set(i - c for i, c in enumerate(p))) == n
        ]
