# Off by one: the board has n rows, indexed 0..n-1.
def solve_n_queens(n):
    board = [0] * n
    result = []

    def place(row):
        if row > n:
            result.append(board[:])
            return
        for col in range(n):
            board[row] = col
            place(row + 1)

    place(0)
    return result
