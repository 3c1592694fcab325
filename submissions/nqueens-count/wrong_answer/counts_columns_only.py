# Lesson mistake: only columns are checked, so this counts permutations (n!), not placements.
def total_n_queens(n):
    used = set()

    def place(row):
        if row == n:
            return 1
        found = 0
        for column in range(n):
            if column not in used:
                used.add(column)
                found += place(row + 1)
                used.remove(column)
        return found

    return place(0)
