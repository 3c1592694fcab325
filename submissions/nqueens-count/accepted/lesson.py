# The lesson's search, counting: the first lesson's row-by-row backtracking with its all(...)
# safety check, a count instead of a list. 0.07 s of CPython at n = 9.
def total_n_queens(n):
    placement = []

    def is_safe(row, col):
        return all(c != col and abs(c - col) != row - r for r, c in enumerate(placement))

    def place(row):
        if row == n:
            return 1
        found = 0
        for col in range(n):
            if is_safe(row, col):
                placement.append(col)
                found += place(row + 1)
                placement.pop()
        return found

    return place(0)
