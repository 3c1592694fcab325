# LeetCode's one-liner: itertools.permutations, each tuple made a list.
from typing import List


class Solution:
    def permute(self, nums: List[int]) -> List[List[int]]:
        return [list(p) for p in permutations(nums)]
