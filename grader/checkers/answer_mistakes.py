"""The answers a lesson's mistakes make, recognised whole before any placement is judged:
LeetCode 51's boards where columns are asked for, and nothing at all where placements exist.
Each says the mistake, not only the symptom."""

from __future__ import annotations

from ..protocol import Value
from .base import CheckResult
from .board import draw


def _fail(message: str, hint: str, board: str = "") -> CheckResult:
    return CheckResult(False, message, hint, board)


def board_strings(items: tuple[Value, ...], n: int) -> CheckResult | None:
    """Spot LeetCode-51 answers: boards as lists of strings like ".Q..", not columns."""
    looks_like_rows = [
        item
        for item in items
        if isinstance(item, str)
        or (isinstance(item, tuple) and item and all(isinstance(row, str) for row in item))
    ]
    if not looks_like_rows:
        return None
    example = ""
    first = looks_like_rows[0]
    if isinstance(first, tuple) and all(isinstance(r, str) and r.count("Q") == 1 for r in first):
        rows = [r for r in first if isinstance(r, str)]
        example = f": the board {rows} is the placement {[row.index('Q') for row in rows]}"
    return _fail(
        "this looks like LeetCode-51 board strings; return column indices instead, one int per "
        f"row{example}",
        "return column indices (a list of ints per placement), not board strings",
    )


def nothing_came_back(n: int, count: int, example: tuple[int, ...]) -> CheckResult:
    if n == 1:
        return _fail(
            "no placement came back; n = 1 has one, [[0]] (one queen alone on the board): "
            "does an early `if n < 4: return []` drop it? Only n = 2 and 3 have none",
            "no placement came back, though this board has one: a small n returned early?",
            draw(example, n),
        )
    return _fail(
        f"no placement came back; n = {n} has {count}, e.g. {list(example)}: does "
        "backtracking undo everything it marked (the column and both diagonals)? A mark never "
        "removed blocks every later try. Or: does the search record a copy of the placement "
        "when it reaches the last row, and return the list?",
        "no placement came back, though placements exist",
        draw(example, n),
    )
