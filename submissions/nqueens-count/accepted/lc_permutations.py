class Solution:
    def totalNQueens(self, n: int) -> int:
        return sum(
            len(set(i + p[i] for i in range(n))) == len(set(i - p[i] for i in range(n))) == n
            for p in permutations(range(n))
        )
