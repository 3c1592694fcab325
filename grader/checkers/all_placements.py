"""Checker for "return every placement of n queens": shape, legality, duplicates, then the set.

The answer is a collection of placements in any order; a placement is a sequence of n int
columns, one per row. Each finding names where it is and, when it can, the lesson mistake
that usually causes it, because the student reads this instead of a diff.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Set

from ..protocol import Foreign, SetOf, Value
from .answer_mistakes import board_strings, nothing_came_back
from .attacks import illegal
from .base import CheckResult, InvalidAnswer
from .board import draw

WANTED_KEPT = 256
# The shared-list mistake, in every language the judge takes.
COPY_ADVICE = (
    "append a copy of it (Python `cols[:]` or `list(cols)`, Java `new ArrayList<>(cols)`, C# "
    "`new List<int>(cols)`, Rust `cols.clone()`; C++'s `push_back` copies unless you store "
    "pointers)"
)

Placement = tuple[int, ...]


def _fail(message: str, hint: str, board: str = "") -> CheckResult:
    return CheckResult(False, message, hint, board)


def _show(value: Value) -> str:
    if isinstance(value, Foreign):
        return value.describe()
    if isinstance(value, str):
        return f"str {value!r}" if len(value) <= 20 else "str"
    if isinstance(value, SetOf):
        return "set"
    return "list" if isinstance(value, tuple) else "int"


def _items(value: Value) -> tuple[Value, ...] | CheckResult:
    """The placements of `value`, or the failure that says why it is not a collection."""
    if isinstance(value, Foreign) and value.type_name == "None":
        return _fail(
            "returned None — missing return? Your function must `return` the list of placements.",
            "your function returned None; is a `return` missing?",
        )
    if isinstance(value, SetOf):
        return value.items
    if isinstance(value, tuple):
        return value
    return _fail(
        f"expected a list of placements, got {_show(value)}",
        "the value returned is not a list of placements",
    )


def _placement(index: int, item: Value, n: int) -> Placement | CheckResult:
    if isinstance(item, SetOf):
        return _fail(
            f"placement {index} is a set; a placement must list the columns in row order",
            "a placement is not a list of columns in row order",
        )
    if not isinstance(item, tuple):
        if isinstance(item, int):
            return _fail(
                f"placement {index} is the int {item}, not a list of columns: did you return "
                "a single placement? Return a list of placements, e.g. [[1, 3, 0, 2], ...]",
                "the value returned must be a list of placements, each a list of columns",
            )
        return _fail(
            f"placement {index}: expected a list of columns, got {_show(item)}",
            "a placement is not a list of int columns",
        )
    for row, column in enumerate(item):
        if type(column) is not int:
            return _fail(
                f"placement {index}, row {row}: expected an int column, got {_show(column)}",
                "a column is not a plain int",
            )
    if len(item) != n:
        advice = ""
        if not item:
            advice = (
                " It is empty: if you appended the list you build placements in, "
                f"backtracking emptied it again; {COPY_ADVICE}."
            )
        elif len(item) > n:
            advice = (
                " A placement longer than n usually means a choice is not undone when "
                "backtracking (a missing pop())."
            )
        return _fail(
            f"placement {index} has {len(item)} rows; expected {n}, one column per row.{advice}",
            "a placement does not have one column per row",
        )
    return tuple(column for column in item if isinstance(column, int))


def _off_board(placements: list[Placement], n: int) -> CheckResult | None:
    for index, placement in enumerate(placements):
        for row, column in enumerate(placement):
            if 0 <= column < n:
                continue
            one_based = all(1 <= c <= n for p in placements for c in p)
            if one_based:
                return _fail(
                    f"columns are 0-based: got {column} for n = {n} (placement {index}, row "
                    f"{row}); columns go from 0 to {n - 1}",
                    "a column is outside 0..n-1; columns count from 0",
                )
            if all(other == column for other in placement):
                return _fail(
                    f"placement {index} is {list(placement)} ({column} in every row: the value "
                    "the list is reset to when a queen is lifted): you probably appended the "
                    f"list you build the placement in, not a copy of it; {COPY_ADVICE}.",
                    "a placement is the list the search resets: append a copy of it",
                )
            return _fail(
                f"placement {index}, row {row}: column {column} is off the board "
                f"(columns go from 0 to {n - 1})",
                "a column is outside 0..n-1",
            )
    return None


def _same_list(items: tuple[Value, ...], n: int) -> CheckResult | None:
    """Every item one list: the list the search builds in, appended each time, not copied.
    It ends as the search left it: emptied by backtracking, or reset to a sentinel such as
    -1 (left as the last placement found, it is a duplicate: _duplicates says so)."""
    first = items[0] if items else None
    if len(items) < 2 or not isinstance(first, tuple) or any(item != first for item in items):
        return None
    if len(first) == n and all(type(c) is int and 0 <= c < n for c in first):
        return None  # a placement: _duplicates says it, with the same advice
    shown = _show_list(first)
    values = set(first)
    left = ""
    if len(first) == n and len(values) == 1:
        left = f" ({values.pop()} in every row: the value the list is reset to)"
    return _fail(
        f"all {len(items)} placements are the same, {shown}{left}: you probably appended the "
        f"list you build the placement in, not a copy of it; {COPY_ADVICE}.",
        "all placements are the same list: append a copy of the placement you build",
    )


def _show_list(item: Value) -> str:
    return str(list(item)) if isinstance(item, tuple) else _show(item)


def _duplicates(placements: list[Placement]) -> CheckResult | None:
    counts = Counter(placements)
    for placement, count in counts.items():
        if count > 1:
            times = "twice" if count == 2 else f"{count} times"
            aliased = ""
            if count == len(placements):
                aliased = (
                    ": every placement is this one, as if the list you build the placement in "
                    f"was appended each time, not a copy of it; {COPY_ADVICE}"
                )
            return _fail(
                f"{list(placement)} appears {times}; return each placement once{aliased}",
                "a placement appears more than once",
            )
    return None


def _compare(placements: list[Placement], expected: Set[Placement], n: int) -> CheckResult:
    got = set(placements)
    missing = sorted(expected - got)
    extra = sorted(got - expected)
    if extra:
        return _fail(
            f"{list(extra[0])} is not one of the known solutions",
            "a placement is not a solution",
            draw(extra[0], n),
        )
    if missing and not got:
        return nothing_came_back(n, len(expected), missing[0])
    if missing:
        message = f"{len(missing)} of {len(expected)} solutions missing, e.g. {list(missing[0])}"
        if len(got) == 1 and len(expected) > 1:
            message += "; you returned only one: did the search stop at the first solution?"
        else:
            message += "; does backtracking undo everything it marked (columns and both diagonals)?"
        return _fail(message, "some solutions are missing", draw(missing[0], n))
    return _all_found(len(expected))


def _all_found(count: int) -> CheckResult:
    if not count:
        return CheckResult(True, "correct: there is no solution")
    return CheckResult(True, f"all {count} solution{'s' if count > 1 else ''} found")


def _exactly(actual: Value, expected: Set[Placement]) -> bool:
    """Whether `actual` holds every expected placement once and nothing else. Only known
    solutions (tuples of ints) can be equal to them, so this alone proves an answer right;
    anything else takes the checks that say what is wrong."""
    items = actual.items if isinstance(actual, SetOf) else actual
    if type(items) is not tuple or len(items) != len(expected):
        return False
    try:
        return set(items) == expected
    except TypeError:
        return False


class AllPlacements:
    """Every placement of n non-attacking queens, in any order, each once."""

    def __init__(self) -> None:
        # A stored answer's set, made once for all the submissions checked against it (a
        # batch checks hundreds): keyed by the answer object, which the entry keeps alive.
        self._wanted: dict[int, tuple[object, frozenset[Placement]]] = {}

    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        n = _size(args)
        wanted = self._wanted_set(expected)
        if _exactly(actual, wanted):
            return _all_found(len(wanted))
        parsed = _parse(actual, n)
        if isinstance(parsed, CheckResult):
            return parsed
        placements, _ = parsed
        return illegal(placements, n) or _duplicates(placements) or _compare(placements, wanted, n)

    def _wanted_set(self, expected: object) -> frozenset[Placement]:
        known = self._wanted.get(id(expected))
        if known is not None and known[0] is expected:
            return known[1]
        if len(self._wanted) >= WANTED_KEPT:  # a warm server loads the answers anew per command
            self._wanted.clear()
        wanted = _expected_set(expected)
        self._wanted[id(expected)] = (expected, wanted)
        return wanted

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        n = _size(args)
        parsed = _parse(actual, n)
        if isinstance(parsed, CheckResult):
            raise InvalidAnswer(parsed.message)
        placements, _ = parsed
        problem = illegal(placements, n) or _duplicates(placements)
        if problem:
            raise InvalidAnswer(problem.message)
        return sorted(list(p) for p in placements)


def validate_one(item: Value, n: int) -> Placement | CheckResult:
    """One placement, checked as every placement here is: shape, range, attacks."""
    placement = _placement(0, item, n)
    if isinstance(placement, CheckResult):
        return placement
    return _off_board([placement], n) or illegal([placement], n) or placement


def _size(args: Mapping[str, object]) -> int:
    n = args.get("n")
    if type(n) is not int:
        raise InvalidAnswer("the all_placements checker needs an int parameter named n")
    return n


def _parse(actual: Value, n: int) -> tuple[list[Placement], tuple[Value, ...]] | CheckResult:
    items = _items(actual)
    if isinstance(items, CheckResult):
        return items
    strings = board_strings(items, n)
    if strings:
        return strings
    aliased = _same_list(items, n)
    if aliased:
        return aliased
    placements: list[Placement] = []
    for index, item in enumerate(items):
        placement = _placement(index, item, n)
        if isinstance(placement, CheckResult):
            return placement
        placements.append(placement)
    off = _off_board(placements, n)
    return off if off else (placements, items)


def _expected_set(expected: object) -> frozenset[Placement]:
    if not isinstance(expected, list):
        raise InvalidAnswer("stored answer is not a list of placements")
    return frozenset([tuple(placement) for placement in expected if type(placement) is list])
