# Lesson mistake: range(start, n) stops before n, so no combination holds n.
def combine(n, k):
    result = []
    path = []

    def backtrack(start):
        if len(path) == k:
            result.append(path[:])
            return
        for number in range(start, n):
            path.append(number)
            backtrack(number + 1)
            path.pop()

    backtrack(1)
    return result
