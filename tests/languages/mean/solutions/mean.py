def mean(nums: list[int], deep: list[list[list[list[int]]]]) -> float:
    return sum(nums) / len(nums) + deep[0][0][0][0]
