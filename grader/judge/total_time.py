"""A submission's CPU over all its tests together, LeetCode's total runtime: the tests of a
function problem are calls into one warm runner, so a program could do a later test's work
during earlier ones, each under its own limit. Every test's CPU (what its runner did while
no call was in progress included) is counted against the problem's `total_time_s` (by
default the sum of the tests' limits); a test never gets more CPU than is left of it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from ..problem import Problem, TestCase
from ..results import TestResult
from ..verdicts import Verdict
from .calls import test_result
from .failures import Finding

# CPU readings end a call a few milliseconds after its limit: not "over" for that.
READING_SLACK_S: Final = 0.005


@dataclass(slots=True)
class TotalTime:
    """What is left of one submission's CPU, as its tests run in order."""

    budget_s: float
    spent_s: float = 0.0

    @classmethod
    def of(cls, problem: Problem) -> TotalTime:
        return cls(problem.limits.total_for(len(problem.tests)))

    def run(
        self,
        problem: Problem,
        test: TestCase,
        call: Callable[[Problem, TestCase], TestResult],
    ) -> TestResult:
        """`test` run by `call` under what is left of the total (in full, as revealed),
        and counted; not run when nothing is left."""
        capped = self.capped(problem)
        if capped is None:
            return self.not_run(test)
        return self.counted(call(capped, test), capped is not problem)

    def capped(self, problem: Problem) -> Problem | None:
        """`problem` with the next test's CPU limit cut to what is left of the total;
        None when nothing is."""
        left = self.budget_s - self.spent_s
        if left <= 0:
            return None
        if left >= problem.limits.time_s:
            return problem
        return replace(problem, limits=replace(problem.limits, time_s=left))

    def counted(self, result: TestResult, capped: bool) -> TestResult:
        """`result` (a test run under `capped` limits or the test's own) counted: a test
        that passed, or ran out of its cut limit, as the total ran out is TLE for it."""
        self.spent_s += result.time_s
        over = self.spent_s > self.budget_s + READING_SLACK_S
        # A test over its own limit says so itself; only the total's doing is said here.
        ran_out = (over and result.verdict is Verdict.AC) or (
            capped and result.verdict is Verdict.TLE
        )
        if not ran_out:
            return result
        message = (
            f"all tests together used more than the submission's {self.budget_s:g} s of CPU "
            f"time ({self.spent_s:.2f} s by the end of this one): the search is too slow "
            "overall, even where each test stays under its own limit"
        )
        return replace(
            result,
            verdict=Verdict.TLE,
            score=0,
            message=message,
            hint="the CPU time of all tests together is over the submission's limit",
            returned=None,
        )

    def not_run(self, test: TestCase) -> TestResult:
        message = f"not run: the submission's {self.budget_s:g} s of CPU for all tests ran out"
        return test_result(test, Finding(Verdict.TLE, message, message), None, True)
