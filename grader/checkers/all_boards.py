"""`all_boards` (LeetCode 51): every solution as a board of strings (".Q.."), any order.

Each board is read back into columns (one `Q` per row, the rest `.`), then judged exactly as
`all_placements` judges placements, so the feedback is the same."""

from __future__ import annotations

from collections.abc import Mapping

from ..protocol import Value
from .all_placements import AllPlacements
from .base import CheckResult, InvalidAnswer

_PLACEMENTS = AllPlacements()


class AllBoards:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        columns = _columns(actual, _size(args))
        if isinstance(columns, CheckResult):
            return columns
        return _PLACEMENTS.check(args, expected, columns)

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        columns = _columns(actual, _size(args))
        if isinstance(columns, CheckResult):
            raise InvalidAnswer(columns.message)
        return _PLACEMENTS.canonical(args, columns)


def _columns(actual: Value, n: int) -> Value | CheckResult:
    if not isinstance(actual, tuple):
        return _fail("expected a list of boards, each a list of strings like '.Q..'")
    placements = []
    for index, board in enumerate(actual):
        if not isinstance(board, tuple) or not all(isinstance(row, str) for row in board):
            return _fail(f"board {index} is not a list of strings like '.Q..'")
        if len(board) != n:
            return _fail(f"board {index} has {len(board)} rows; expected {n}")
        columns = []
        for row_number, row in enumerate(board):
            assert isinstance(row, str)
            if len(row) != n or row.count("Q") != 1 or set(row) - {"Q", "."}:
                return _fail(
                    f"board {index}, row {row_number} is {row!r}: expected {n} characters, "
                    "one 'Q' and the rest '.'"
                )
            columns.append(row.index("Q"))
        placements.append(tuple(columns))
    return tuple(placements)


def _fail(message: str) -> CheckResult:
    return CheckResult(False, message, "a board is not in the expected form")


def _size(args: Mapping[str, object]) -> int:
    n = args.get("n")
    if type(n) is not int:
        raise InvalidAnswer("the test has no integer n")
    return n
