"""`all_boards` (LeetCode 51): every solution as a board of strings (".Q.."), any order.

Each board is read back into columns (one `Q` per row, the rest `.`), then judged exactly as
`all_placements` judges placements, so the feedback is the same."""

from __future__ import annotations

from collections.abc import Mapping

from ..protocol import Foreign, Value
from .all_placements import COPY_ADVICE, AllPlacements
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
        return _fail(f"expected a list of boards, each a list of strings like '.Q..'{_got(actual)}")
    shared = _shared_board(actual)
    if shared:
        which = f"all {len(actual)} boards are" if len(actual) > 1 else "the board is"
        return CheckResult(
            False,
            f"{which} {shared}, with no queen: you probably appended the board you build, not a "
            f"copy of it, and backtracking cleared it; {COPY_ADVICE}",
            "all boards are the same board: append a copy of the board you build",
        )
    placements = []
    for index, board in enumerate(actual):
        if not isinstance(board, tuple) or not all(isinstance(row, str) for row in board):
            return _fail(f"board {index} is not a list of strings like '.Q..'{_got(board)}")
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


def _got(value: Value) -> str:
    if isinstance(value, Foreign):
        return f"; got {value.describe()}"
    return ""


def _shared_board(boards: tuple[Value, ...]) -> str:
    """The one board every entry is, when it holds no queen (one list, cleared by the search
    after it was appended each time), shown; else ""."""
    first = boards[0] if boards else None
    if not isinstance(first, tuple) or any(b != first for b in boards):
        return ""
    if any(isinstance(row, str) and "Q" in row for row in first):
        return ""
    return repr([row for row in first if isinstance(row, str)])


def _fail(message: str) -> CheckResult:
    return CheckResult(False, message, "a board is not in the expected form")


def _size(args: Mapping[str, object]) -> int:
    n = args.get("n")
    if type(n) is not int:
        raise InvalidAnswer("the test has no integer n")
    return n
