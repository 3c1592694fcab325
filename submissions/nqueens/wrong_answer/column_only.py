# Mistake: only the column is checked, so queens may share a diagonal.
def solve_n_queens(n):
    solutions = []
    cols = []

    def backtrack(r):
        if r == n:
            solutions.append(cols[:])
            return
        for c in range(n):
            if c in cols:
                continue
            cols.append(c)
            backtrack(r + 1)
            cols.pop()

    backtrack(0)
    return solutions
