# The small boards answered by hand, the rest searched: an `if n == ...` ladder.

def solve_n_queens(n):
    if n == 1:
        return [[0]]
    if n == 2:
        return []
    if n == 3:
        return []
    if n == 4:
        return [[1, 3, 0, 2], [2, 0, 3, 1]]
    if n == 5:
        return [[0, 2, 4, 1, 3], [0, 3, 1, 4, 2], [1, 3, 0, 2, 4], [1, 4, 2, 0, 3], [2, 0, 3, 1, 4], [2, 4, 1, 3, 0], [3, 0, 2, 4, 1], [3, 1, 4, 2, 0], [4, 1, 3, 0, 2], [4, 2, 0, 3, 1]]
    if n == 6:
        return [[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3], [3, 0, 4, 1, 5, 2], [4, 2, 0, 5, 3, 1]]
    cols, out = [], []

    def place(row):
        if row == n:
            out.append(cols[:])
            return
        for c in range(n):
            if all(c != x and abs(c - x) != row - r for r, x in enumerate(cols)):
                cols.append(c)
                place(row + 1)
                cols.pop()

    place(0)
    return out
