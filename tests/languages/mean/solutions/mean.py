def mean(nums: list[int]) -> float:
    return sum(nums) / len(nums)
