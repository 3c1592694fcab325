# `Dict` comes from LeetCode's pre-imports, but it cannot be instantiated: Dict() raises.
class Solution:
    def totalNQueens(self, n: int) -> int:
        seen = Dict()
        return len(seen)
