# Counting as the search goes, with a flag per column and per diagonal.
def total_n_queens(n):
    columns = [False] * n
    downhill = [False] * (2 * n)
    uphill = [False] * (2 * n)

    def place(row):
        if row == n:
            return 1
        found = 0
        for c in range(n):
            if columns[c] or downhill[row + c] or uphill[row - c + n]:
                continue
            columns[c] = downhill[row + c] = uphill[row - c + n] = True
            found += place(row + 1)
            columns[c] = downhill[row + c] = uphill[row - c + n] = False
        return found

    return place(0)
