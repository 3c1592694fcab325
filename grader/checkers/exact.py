"""`exact`: the returned value must equal the stored answer (lists in order, ints, strings,
bools, floats exactly: `float` compares with a tolerance).

For problems whose answer is one value (a count, a list in a defined order). Equal means of
the same JSON type too: `true` is not `1`, nor `1.0`. Anything else the wire only describes
(None, an object) is a wrong answer saying what it was.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final

from ..protocol import Foreign, SetOf, Value
from .base import CheckResult, InvalidAnswer

SHOWN_CHARACTERS = 120


class Exact:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        got = returned_data(actual)
        if isinstance(got, CheckResult):
            return got
        if same(got, expected):
            return CheckResult(True, "correct")
        said = _difference(expected, got)
        first = next(iter(args.values()), None)
        if isinstance(got, list) and same(got, first):
            said += (
                f" (the {next(iter(args))} as it was given: where the function returns nothing, "
                "change it in place; a copy returned or a name rebound is not seen)"
            )
        return CheckResult(False, said, "the returned value is wrong")

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        return plain_data(actual)


PLAIN_ITEMS: Final = frozenset({int, str})


def plain_data(value: Value) -> object:
    """JSON data for a value of ints, strings, bools, floats and lists."""
    if isinstance(value, tuple):  # None inside a list is null there: a tree's missing child
        if set(map(type, value)) <= PLAIN_ITEMS:  # a row of ints: no call per item
            return list(value)
        return [None if _is_none(item) else plain_data(item) for item in value]
    if isinstance(value, SetOf):
        raise InvalidAnswer("returned a set, where a list (in order) was expected")
    if isinstance(value, Foreign):
        if value.type_name == "bool" and value.text in ("True", "False"):
            return value.text == "True"
        if value.type_name == "float":
            try:
                return float(value.text)
            except ValueError:
                pass
        raise InvalidAnswer(
            f"returned {value.describe()}, where an int, float, bool, str or list was expected"
        )
    return value


def _is_none(value: Value) -> bool:
    return isinstance(value, Foreign) and value.type_name == "None"


def returned_data(actual: Value) -> object:
    """`actual` as JSON data, or the failing CheckResult that says why it cannot be."""
    try:
        return plain_data(actual)
    except InvalidAnswer as error:
        return CheckResult(False, str(error), "the returned value has the wrong type")


def returned_list(actual: Value) -> list[object] | CheckResult:
    """`actual` as a list of JSON data, or the failing result that says why it is not one."""
    got = returned_data(actual)
    if isinstance(got, CheckResult):
        return got
    if not isinstance(got, list):
        return CheckResult(False, f"expected a list, got {shown(got)}", "not a list")
    return got


def same(got: object, expected: object) -> bool:
    """Equal as JSON: of one type (True is not 1 here, as Python's == would have it)."""
    return json.dumps(got, sort_keys=True) == json.dumps(expected, sort_keys=True)


def _difference(expected: object, got: object) -> str:
    """Where two values part: a list's first differing element (by its index path) or its
    length, else the two values."""
    path = ""
    while isinstance(expected, list) and isinstance(got, list):
        pairs = zip(expected, got, strict=False)
        index = next((i for i, (want, have) in enumerate(pairs) if not same(have, want)), None)
        if index is None:
            longer = len(got) > len(expected)
            rest = got[len(expected) :] if longer else expected[len(got) :]
            inside = f" in {path}" if path else ""
            return (
                f"expected {len(expected)} items{inside}, got {len(got)}: {shown(rest)} "
                f"{'extra' if longer else 'missing'}"
            )
        path += f"[{index}]"
        expected, got = expected[index], got[index]
    where = f"at {path}: " if path else ""
    said = f"{where}expected {shown(expected)}, got {shown(got)}"
    if type(expected) is not type(got) and {type(expected), type(got)} != {int, float}:
        return f"{said} ({_kind(got)}, where {_kind(expected)} was expected)"
    if not path and _is_int(expected) and _is_int(got):  # a count, most often
        assert isinstance(expected, int) and isinstance(got, int)
        if got < expected:
            return f"{said}: fewer than there are (is every choice undone before the next?)"
        return f"{said}: more than there are (is every attack checked, nothing counted twice?)"
    return said


def _kind(value: object) -> str:
    names = {bool: "a bool", int: "an int", float: "a float", str: "a str", list: "a list"}
    return names.get(type(value), type(value).__name__)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "…"
