"""`lesson-dispatch`: how a lesson's checks are judged (grader/lessons/dispatch.py). A step's
case expects the JSON text the dispatcher writes of its value; a final test expects what
its function problem's own checker does (`Final`, the checker with it), and the
dispatcher's text is read back into the value that checker judges (Python's dispatcher
gives the value itself: its strings are capped below a large answer's text)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from ..protocol import ProtocolViolation, Value, decode_value
from .base import Checker, CheckResult
from .exact import Exact


@dataclass(frozen=True, slots=True)
class Final:
    """A final test's expectation: its function problem's checker, input and answer."""

    checker: Checker
    args: Mapping[str, object]
    answer: object


class Dispatched:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        if not isinstance(expected, Final):
            return Exact().check(args, expected, actual)
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
