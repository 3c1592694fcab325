class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        # Breadth first over partial placements, with the deque LeetCode pre-imports.
        queue = deque([()])
        done = []
        while queue:
            qs = queue.popleft()
            r = len(qs)
            if r == n:
                done.append(["".join("Q" if c == q else "." for c in range(n)) for q in qs])
                continue
            for c in range(n):
                if all(c != q and abs(c - q) != r - i for i, q in enumerate(qs)):
                    queue.append(qs + (c,))
        return done
