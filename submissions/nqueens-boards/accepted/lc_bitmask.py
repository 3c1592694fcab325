class Solution:
    def solveNQueens(self, n: int) -> List[List[str]]:
        ans: List[List[str]] = []
        path: List[int] = []
        full = (1 << n) - 1

        def dfs(cols: int, ld: int, rd: int) -> None:
            if cols == full:
                ans.append(["." * q + "Q" + "." * (n - 1 - q) for q in path])
                return
            avail = full & ~(cols | ld | rd)
            while avail:
                bit = avail & -avail
                avail ^= bit
                path.append(bit.bit_length() - 1)
                dfs(cols | bit, (ld | bit) << 1 & full, (rd | bit) >> 1)
                path.pop()

        dfs(0, 0, 0)
        return ans
