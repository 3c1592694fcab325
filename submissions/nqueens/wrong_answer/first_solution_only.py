# Mistake: the search stops at the first solution found (the "find one" lesson's code).
def solve_n_queens(n):
    cols = []

    def backtrack(r):
        if r == n:
            return True
        for c in range(n):
            if all(c != q and abs(c - q) != r - i for i, q in enumerate(cols)):
                cols.append(c)
                if backtrack(r + 1):
                    return True
                cols.pop()
        return False

    return [cols] if backtrack(0) else []
