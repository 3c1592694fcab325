"""State kept between calls: a test that fails after others passed is run once more, alone in
a fresh process. If it passes there, the answer depended on an earlier call (a global,
static or class variable not reset), which "expected 2, got 12" alone never tells a student:
run on its own, the same input gives the right answer."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..errors import SandboxError
from ..problem import Problem
from ..results import TestResult
from ..sandbox.base import Program
from ..verdicts import Verdict
from .calls import run_test
from .failures import load_finding
from .grading import Grading

STATE_KEPT: Final = (
    "\nRun on its own, in a fresh process, this test passes: your code keeps state between "
    "calls (a global, static or class variable, or a default argument, not reset when the "
    "function starts?)"
)


def told_if_state_kept(
    grading: Grading, program: Program, tests: tuple[TestResult, ...]
) -> tuple[TestResult, ...]:
    """`tests`, the first failing one told it passes alone when it does. Only a sample's
    wrong answer after a passing test: a hidden test's message never depends on what the
    program does (a program could spell its input out through it)."""
    failing = first_failing_sample(grading.problem, tests)
    if not failing or tests[failing].verdict is not Verdict.WA:
        return tests
    alone = run_alone(grading, program, failing)
    if alone is None or alone.verdict is not Verdict.AC:
        return tests
    return told(tests, failing, tests[failing].message + STATE_KEPT)


def first_failing_sample(problem: Problem, tests: tuple[TestResult, ...]) -> int | None:
    """The index of the first test not accepted, when that is a sample: the only kind a
    second opinion may speak of."""
    failing = next((i for i, test in enumerate(tests) if test.verdict is not Verdict.AC), None)
    if failing is None or failing >= len(problem.tests):  # the random tests' row: not a test
        return None
    return None if problem.tests[failing].hidden else failing


def run_alone(grading: Grading, program: Program, index: int) -> TestResult | None:
    """Test `index` run in a session of its own; None when it could not be (its load
    failed, the sandbox could not start it): a second opinion only, the verdict is the
    first run's either way."""
    problem = grading.problem
    try:
        with grading.sandbox.session(program, problem.limits, 1) as session:
            if load_finding(session.load(), "", problem, grading.language) is not None:
                return None
            return run_test(grading, problem.tests[index], session)
    except SandboxError:
        return None


def told(tests: tuple[TestResult, ...], index: int, message: str) -> tuple[TestResult, ...]:
    """`tests` with test `index` saying `message` instead."""
    return tests[:index] + (replace(tests[index], message=message),) + tests[index + 1 :]
