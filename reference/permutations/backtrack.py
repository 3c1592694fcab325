"""Trusted Python reference: choose an unused number for each place, undo after."""


def permute(nums: list[int]) -> list[list[int]]:
    found: list[list[int]] = []
    chosen: list[int] = []
    used = [False] * len(nums)

    def place() -> None:
        if len(chosen) == len(nums):
            found.append(chosen[:])
            return
        for i, number in enumerate(nums):
            if not used[i]:
                used[i] = True
                chosen.append(number)
                place()
                chosen.pop()
                used[i] = False

    place()
    return found
