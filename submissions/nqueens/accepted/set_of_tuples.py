# Returning a set of tuples is fine: order does not matter and tuples are sequences.
def solve_n_queens(n):
    found = set()

    def go(placed):
        row = len(placed)
        if row == n:
            found.add(tuple(placed))
            return
        for col in range(n):
            if all(col != c and abs(col - c) != row - r for r, c in enumerate(placed)):
                go(placed + (col,))

    go(())
    return found
