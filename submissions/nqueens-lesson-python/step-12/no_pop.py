def is_valid(placement: list[int], row: int, col: int) -> bool:
    for i in range(row):
        if placement[i] == col or abs(row - i) == abs(col - placement[i]):
            return False
    return True


def backtrack(n: int, row: int, placement: list[int], placements: list[list[int]]) -> None:
    if row == n:
        placements.append(placement[:])
        return
    for col in range(n):
        if is_valid(placement, row, col):
            placement.append(col)
            backtrack(n, row + 1, placement, placements)



def solve_n_queens(n: int) -> list[list[int]]:
    placements: list[list[int]] = []
    placement: list[int] = []
    backtrack(n, 0, placement, placements)
    return placements
