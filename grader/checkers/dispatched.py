"""`lesson-dispatch`: how a lesson's checks are judged (grader/lessons/dispatch.py). A
declaration's check expects the dispatcher's "ok"; a step's case expects a value (in any
order, where the step says so), which the dispatcher gives back as JSON text; a final test
expects what its function problem's own checker does (`Final`, the checker with it), and
the dispatcher's text is read back into the value that checker judges (Python's dispatcher
gives the value itself: its strings are capped below a large answer's text)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from ..protocol import ProtocolViolation, Value, decode_value
from .base import Checker, CheckResult
from .exact import Exact, same


@dataclass(frozen=True, slots=True)
class Final:
    """A final test's expectation: its function problem's checker, input and answer."""

    checker: Checker
    args: Mapping[str, object]
    answer: object


@dataclass(frozen=True, slots=True)
class Expected:
    """A step's case: the value its call must give, a list in any order where `any_order`."""

    value: object
    any_order: bool = False


def lesson_value(text: str) -> object:
    """What a dispatcher gave, as JSON data: its text read, the values a driver's writer
    tags (a bool, a float: `{"type": "bool", "repr": "True"}`) as themselves. ValueError
    where the text is not JSON."""
    return _untagged(json.loads(text))


def _untagged(value: object) -> object:
    if isinstance(value, list):
        return [_untagged(item) for item in value]
    if isinstance(value, dict) and set(value) == {"type", "repr"}:
        if value["type"] == "bool":
            return value["repr"] == "True"
        if value["type"] == "float":
            return float(value["repr"])
    return value


def in_order(value: object) -> object:
    """A list's items sorted (Python's order where it has one, else their JSON's)."""
    if not isinstance(value, list):
        return value
    try:
        return sorted(value)
    except TypeError:
        return sorted(value, key=json.dumps)


class Dispatched:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        if isinstance(expected, Final):
            return self._final(expected, actual)
        if not isinstance(expected, Expected):  # a declaration's "ok"
            return Exact().check(args, expected, actual)
        try:
            got = lesson_value(actual) if isinstance(actual, str) else None
        except ValueError:
            got = None
        if expected.any_order:
            got, wanted = in_order(got), in_order(expected.value)
        else:
            wanted = expected.value
        if same(got, wanted):
            return CheckResult(True, "correct")
        return CheckResult(False, f"returned {str(actual)[:120]}", "the returned value is wrong")

    def _final(self, expected: Final, actual: Value) -> CheckResult:
        if not isinstance(actual, str):  # a Python dispatcher's: the value as it is
            return expected.checker.check(expected.args, expected.answer, actual)
        try:
            value = decode_value(json.loads(actual), 0)
        except (ValueError, ProtocolViolation):
            said = f"returned {actual[:120]}"
            return CheckResult(False, said, "the returned value is wrong")
        return expected.checker.check(expected.args, expected.answer, value)

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        return Exact().canonical(args, actual)
