"""`float`: numbers (alone or in lists, in order) equal within a tolerance, as LeetCode's
floating-point answers are judged: |got - expected| <= 1e-6, or 1e-6 of |expected|. Ints and
floats compare alike here (2 is 2.0); anything else must be equal, as `exact` has it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from ..protocol import Value
from .base import CheckResult
from .exact import plain_data, returned_data, same, shown

ABSOLUTE: Final = 1e-6
RELATIVE: Final = 1e-6


class Close:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        got = returned_data(actual)
        if isinstance(got, CheckResult):
            return got
        where = _apart(expected, got, "")
        if where is None:
            return CheckResult(True, "correct")
        return CheckResult(False, where, "the returned value is wrong")

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        return plain_data(actual)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _apart(expected: object, got: object, path: str) -> str | None:
    """Where `got` parts from `expected` beyond the tolerance, said; None where it does not."""
    at = f"at {path}: " if path else ""
    if _number(expected) and _number(got):
        assert isinstance(expected, int | float) and isinstance(got, int | float)
        if math.isclose(got, expected, rel_tol=RELATIVE, abs_tol=ABSOLUTE):
            return None
        return f"{at}expected {expected!r}, got {got!r} (more than {ABSOLUTE:g} apart)"
    if isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            return f"{at}expected {len(expected)} items, got {len(got)}"
        for index, (want, have) in enumerate(zip(expected, got, strict=True)):
            found = _apart(want, have, f"{path}[{index}]")
            if found is not None:
                return found
        return None
    if same(got, expected):
        return None
    return f"{at}expected {shown(expected)}, got {shown(got)}"
