"""`all_boards` (LeetCode 51): every solution as a board of strings (".Q.."), any order.

Each board is read back into columns (one `Q` per row, the rest `.`), then judged exactly as
`all_placements` judges placements, so the feedback is the same."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from ..protocol import Foreign, Value
from .all_placements import COPY_ADVICE, AllPlacements
from .base import CheckResult, InvalidAnswer

_PLACEMENTS = AllPlacements()
PLACEMENT_LIST: Final = re.compile(r"\[(\d+(?:, \d+)*)\]")
JOIN_ADVICE: Final = (
    'join it into one (Python `"".join(row)`, Java `new String(row)`, C# `new string(row)`, '
    "C++ `std::string(row.begin(), row.end())`, Rust `row.iter().collect::<String>()`)"
)


class AllBoards:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        n = _size(args)
        columns = _columns(actual, n)
        if isinstance(columns, CheckResult):
            return columns
        judged = _PLACEMENTS.check(args, expected, columns)
        return replace(judged, message=in_boards(judged.message, n), hint=in_boards(judged.hint, n))

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        columns = _columns(actual, _size(args))
        if isinstance(columns, CheckResult):
            raise InvalidAnswer(columns.message)
        return _PLACEMENTS.canonical(args, columns)


def _columns(actual: Value, n: int) -> Value | CheckResult:
    if not isinstance(actual, tuple):
        return _fail(f"expected a list of boards, each a list of strings like '.Q..'{_got(actual)}")
    characters = _rows_of_characters(actual)
    if characters:
        return characters
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


def in_boards(message: str, n: int) -> str:
    """A placements checker's message told in boards: each list of n columns written as
    the board it is, "placement" as "board"."""

    def board(found: re.Match[str]) -> str:
        columns = [int(word) for word in found[1].split(", ")]
        if len(columns) != n or not all(0 <= column < n for column in columns):
            return found[0]
        return repr(["." * column + "Q" + "." * (n - column - 1) for column in columns])

    told = PLACEMENT_LIST.sub(board, message)
    return told.replace("placements", "boards").replace("placement", "board")


def _rows_of_characters(boards: tuple[Value, ...]) -> CheckResult | None:
    """A board whose rows are lists of characters (['.', 'Q']), as a search builds them."""
    for index, board in enumerate(boards):
        rows = board if isinstance(board, tuple) else ()
        for number, row in enumerate(rows):
            if (
                isinstance(row, tuple)
                and row
                and all(isinstance(cell, str) and len(cell) == 1 for cell in row)
            ):
                return CheckResult(
                    False,
                    f"board {index}, row {number} is a list of characters, "
                    f"{[cell for cell in row if isinstance(cell, str)]}: each row must be a "
                    f"string such as '.Q..'; {JOIN_ADVICE}",
                    f"a row is a list of characters, not a string; {JOIN_ADVICE}",
                )
    return None


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
