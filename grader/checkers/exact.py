"""`exact`: the returned value must equal the stored answer (lists in order, ints, strings).

For problems whose answer is one value (a count, a list in a defined order); anything the
wire only describes (a bool, a float, None, an object) is a wrong answer saying what it was.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..protocol import Foreign, SetOf, Value
from .base import CheckResult, InvalidAnswer

SHOWN_CHARACTERS = 120


class Exact:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        try:
            got = _data(actual)
        except InvalidAnswer as error:
            return CheckResult(False, str(error), "the returned value has the wrong type")
        if got == expected:
            return CheckResult(True, "correct")
        return CheckResult(
            False,
            f"expected {_shown(expected)}, got {_shown(got)}",
            "the returned value is wrong",
        )

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        return _data(actual)


def _data(value: Value) -> object:
    """JSON data for a value made only of ints, strings and lists."""
    if isinstance(value, tuple):
        return [_data(item) for item in value]
    if isinstance(value, SetOf):
        raise InvalidAnswer("returned a set, where a list (in order) was expected")
    if isinstance(value, Foreign):
        raise InvalidAnswer(f"returned {value.describe()}, where an int, str or list was expected")
    return value


def _shown(value: object) -> str:
    text = json.dumps(value)
    return text if len(text) <= SHOWN_CHARACTERS else text[:SHOWN_CHARACTERS] + "…"
