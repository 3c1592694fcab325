"""State kept between calls: a test that fails after others passed is run once more, alone in
a fresh process. If it passes there, the answer depended on an earlier call (a global,
static or class variable not reset), which "expected 2, got 12" alone never tells a student:
run on its own, the same input gives the right answer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from ..checkers.base import Checker
from ..errors import SandboxError
from ..languages.base import Language
from ..problem import Problem
from ..results import TestResult
from ..sandbox.base import Program, Sandbox
from ..verdicts import Verdict
from .calls import run_test
from .failures import load_finding

STATE_KEPT: Final = (
    "\nRun on its own, in a fresh process, this test passes: your code keeps state between "
    "calls (a global, static or class variable, or a default argument, not reset when the "
    "function starts?)"
)


def told_if_state_kept(
    problem: Problem,
    answers: Mapping[str, object],
    checker: Checker,
    sandbox: Sandbox,
    program: Program,
    language: Language,
    tests: tuple[TestResult, ...],
) -> tuple[TestResult, ...]:
    """`tests`, the first failing one told it passes alone when it does. Only a sample's
    wrong answer after a passing test: a hidden test's message never depends on what the
    program does (a program could spell its input out through it)."""
    failing = next((i for i, test in enumerate(tests) if test.verdict is not Verdict.AC), None)
    if failing is None or failing == 0 or tests[failing].verdict is not Verdict.WA:
        return tests
    case = problem.tests[failing]
    if case.hidden:
        return tests
    try:
        with sandbox.session(program, problem.limits, 1) as session:
            if load_finding(session.load(), "", problem, language) is not None:
                return tests
            alone = run_test(problem, case, answers[case.name], checker, session, True, language)
    except SandboxError:
        return tests  # a second opinion only: the verdict is the first run's either way
    if alone.verdict is not Verdict.AC:
        return tests
    told = replace(tests[failing], message=tests[failing].message + STATE_KEPT)
    return tests[:failing] + (told,) + tests[failing + 1 :]
