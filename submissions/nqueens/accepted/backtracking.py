# The lesson's solution: place a queen row by row, remember the taken columns and diagonals.
def solve_n_queens(n):
    solutions = []
    cols = []
    used_cols, used_diag1, used_diag2 = set(), set(), set()

    def backtrack(r):
        if r == n:
            solutions.append(cols[:])
            return
        for c in range(n):
            if c in used_cols or r - c in used_diag1 or r + c in used_diag2:
                continue
            cols.append(c)
            used_cols.add(c)
            used_diag1.add(r - c)
            used_diag2.add(r + c)
            backtrack(r + 1)
            cols.pop()
            used_cols.remove(c)
            used_diag1.remove(r - c)
            used_diag2.remove(r + c)

    backtrack(0)
    return solutions
