"""Drawing a placement of queens as a small text board, for feedback."""

from __future__ import annotations

from collections.abc import Sequence


def draw(columns: Sequence[int], n: int, marked: Sequence[int] = ()) -> str:
    """An n x n board with a queen in row r at column columns[r]. Rows in `marked` show `X`
    instead of `Q` (the queens a message talks about). Off-board columns are skipped."""
    width = len(str(n - 1))
    header = " " * (width + 2) + " ".join(f"{c:>{width}}" for c in range(n))
    rows = [header]
    for row in range(n):
        cells = ["." for _ in range(n)]
        if row < len(columns) and 0 <= columns[row] < n:
            cells[columns[row]] = "X" if row in marked else "Q"
        rows.append(f"{row:>{width}}  " + " ".join(f"{cell:>{width}}" for cell in cells))
    return "\n".join(rows)
