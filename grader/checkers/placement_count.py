"""`placement_count`: how many placements of n queens there are, an int equal to the stored
one; a wrong count says what the lesson says it means: more placements than exist let an
attack through, fewer lost some when backtracking."""

from __future__ import annotations

from collections.abc import Mapping

from ..protocol import Value
from .base import CheckResult
from .exact import Exact


class PlacementCount:
    def __init__(self) -> None:
        self._exact = Exact()

    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        judged = self._exact.check(args, expected, actual)
        if judged.passed or type(actual) is not int or type(expected) is not int:
            return judged
        n = args.get("n")
        if actual > expected:
            return CheckResult(
                False,
                f"expected {expected}, got {actual} for n = {n}: more placements than there "
                "are. Either some you counted have queens attacking each other (is every "
                "column and both diagonals checked before a queen is placed?), or the count "
                "goes on from an earlier call (a global, static or class variable not reset?)",
                "the count is too high: attacking queens counted, or a count kept between calls",
            )
        clue = (
            " (a count is 0 only for n = 2 and 3: does the search reach the last row?)"
            if actual == 0
            else ""
        )
        return CheckResult(
            False,
            f"expected {expected}, got {actual} for n = {n}: fewer placements than there are, "
            "so the search missed some: does backtracking undo everything it marked (the "
            f"column and both diagonals) before the next try?{clue}",
            "the count is too low: the search missed placements (an undo forgotten?)",
        )

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        return self._exact.canonical(args, actual)
