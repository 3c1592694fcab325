"""A package's submission graded as every kind's is (judge.guarded: printable, a harness
fault IE), on the package's time limit (given, or computed once: time_limit.py)."""

from __future__ import annotations

from ..judge import VERDICTS_ONLY, Asked, guarded, printable_test
from ..problem import Problem
from ..results import SubmissionResult, TestResult
from ..sandbox.base import Sandbox
from ..submission import Submission
from .judge import grade_package
from .time_limit import with_time_limit


def graded(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    asked: Asked = VERDICTS_ONLY,
) -> SubmissionResult:
    """The submission run on every group of the package; no instructor's flags (a program
    on stdin and stdout has no signature to probe)."""

    def told(test: TestResult) -> None:
        if asked.on_test is not None:
            asked.on_test(printable_test(test))

    return guarded(
        problem,
        submission,
        lambda: grade_package(
            with_time_limit(problem, sandbox), submission, sandbox, asked.reveal_hidden, told
        ),
    )
