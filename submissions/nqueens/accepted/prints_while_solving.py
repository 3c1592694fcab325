# Debug prints do not change the verdict (they are shown, capped, with the feedback).
def solve_n_queens(n):
    print(f"solving n = {n}")
    out = []

    def go(placed):
        if len(placed) == n:
            out.append(placed)
            return
        row = len(placed)
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(placed)):
                go(placed + [col])

    go([])
    print(f"found {len(out)}")
    return out


if __name__ == "__main__":
    print(solve_n_queens(4))
