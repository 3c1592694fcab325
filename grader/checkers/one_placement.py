"""`one_placement`: any single valid placement, or an empty list when none exists.

The stored answer only says whether a placement exists (`{"exists": true}`), so references
that find different placements still agree; the student's placement is validated (shape,
range, attacks), never compared with the reference's."""

from __future__ import annotations

from collections.abc import Mapping

from ..protocol import Value
from .all_placements import validate_one
from .base import CheckResult, InvalidAnswer
from .board import draw


class OnePlacement:
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        n = _size(args)
        if not isinstance(expected, dict) or type(expected.get("exists")) is not bool:
            raise InvalidAnswer('stored answer is not {"exists": true|false}')
        if not expected["exists"]:
            if actual == ():
                return CheckResult(True, f"correct: no placement exists for n = {n}")
            # Said before any check of what came back: a search that finds nothing often
            # returns the array it started with ([-1, -1]), which is not the mistake.
            return CheckResult(
                False,
                f"no placement exists for n = {n}; return an empty list, not {_shown(actual)}",
                "no placement exists for this n: return an empty list",
            )
        if actual == ():
            return CheckResult(
                False,
                f"a placement exists for n = {n}, but an empty list came back: does the search "
                "return as soon as it finds one, and pass that up?",
                "a placement exists, but none was returned",
            )
        found = validate_one(actual, n)
        if isinstance(found, CheckResult):
            return found
        return CheckResult(True, "a valid placement", board=draw(list(found), n))

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        if actual == ():
            return {"exists": False}
        found = validate_one(actual, _size(args))
        if isinstance(found, CheckResult):
            raise InvalidAnswer(found.message)
        return {"exists": True}


def _size(args: Mapping[str, object]) -> int:
    n = args.get("n")
    if type(n) is not int:
        raise InvalidAnswer("the test has no integer n")
    return n


def _shown(actual: Value) -> str:
    return str(list(actual)) if isinstance(actual, tuple) else "what came back"
