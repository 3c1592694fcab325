# The find-one lesson's own code: the first safe column in each row, checked with all(...),
# and the search stops at the first full placement.
def solve_one(n):
    placement = []

    def is_safe(row, col):
        return all(c != col and abs(c - col) != row - r for r, c in enumerate(placement))

    def place(row):
        if row == n:
            return True
        for col in range(n):
            if is_safe(row, col):
                placement.append(col)
                if place(row + 1):
                    return True
                placement.pop()
        return False

    return placement if place(0) else []
