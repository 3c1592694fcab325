"""Trusted Python reference: the empty cells in order, each digit the row, column and box
allow, undone when the rest cannot be filled."""


def solve_sudoku(board: list[list[str]]) -> None:
    rows = [set() for _ in range(9)]
    cols = [set() for _ in range(9)]
    boxes = [set() for _ in range(9)]
    empty = []
    for r in range(9):
        for c in range(9):
            digit = board[r][c]
            if digit == ".":
                empty.append((r, c))
            else:
                rows[r].add(digit)
                cols[c].add(digit)
                boxes[r // 3 * 3 + c // 3].add(digit)

    def fill(i: int) -> bool:
        if i == len(empty):
            return True
        r, c = empty[i]
        box = r // 3 * 3 + c // 3
        for digit in "123456789":
            if digit in rows[r] or digit in cols[c] or digit in boxes[box]:
                continue
            board[r][c] = digit
            rows[r].add(digit)
            cols[c].add(digit)
            boxes[box].add(digit)
            if fill(i + 1):
                return True
            rows[r].discard(digit)
            cols[c].discard(digit)
            boxes[box].discard(digit)
            board[r][c] = "."
        return False

    fill(0)
