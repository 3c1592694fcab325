def solve_n_queens(n):
    res = []
    full = (1 << n) - 1

    def dfs(row, cols, d1, d2, path):
        if row == n:
            res.append(path[:])
            return
        avail = full & ~(cols | d1 | d2)
        while avail:
            bit = avail & -avail
            avail -= bit
            path.append(bit.bit_length() - 1)
            dfs(row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1, path)
            path.pop()

    dfs(0, 0, 0, 0, [])
    return res
