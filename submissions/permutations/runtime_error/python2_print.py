# Python 2 habits: xrange, which Python 3 does not have.
def permute(nums):
    result = []

    def backtrack(path, rest):
        if not rest:
            result.append(path)
            return
        for i in xrange(len(rest)):
            backtrack(path + [rest[i]], rest[:i] + rest[i + 1:])

    backtrack([], nums)
    return result
