class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        def draw(queens: List[int]) -> List[str]:
            return ["".join("Q" if col == q else "." for col in range(n)) for q in queens]

        def safe(queens: List[int], col: int) -> bool:
            row = len(queens)
            return all(q != col and abs(q - col) != row - r for r, q in enumerate(queens))

        def solve(queens: List[int], found: List[List[str]]) -> Optional[List[List[str]]]:
            if len(queens) == n:
                found.append(draw(queens))
                return None
            for col in range(n):
                if safe(queens, col):
                    solve(queens + [col], found)
            return found

        result: List[List[str]] = []
        solve([], result)
        return result
