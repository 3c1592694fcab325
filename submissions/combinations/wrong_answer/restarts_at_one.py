# Lesson mistake: every step starts again from 1, not after the last number chosen: the
# same combination comes back in every order, and with a number repeated.
def combine(n, k):
    result = []
    path = []

    def backtrack():
        if len(path) == k:
            result.append(path[:])
            return
        for number in range(1, n + 1):
            path.append(number)
            backtrack()
            path.pop()

    backtrack()
    return result
