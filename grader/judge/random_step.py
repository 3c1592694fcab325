"""The random tests' step of a function problem's judge: after the hand tests, in the same
session, every stored random input called and checked as a test is; one row for them all, or
for the first that fails, shrunk to the smallest input that still fails."""

from __future__ import annotations

import importlib.util
import logging
from collections.abc import Mapping
from dataclasses import replace

from ..errors import GraderError
from ..problem import TestCase, Visibility
from ..protocol import ReplyKind
from ..randomized.cases import (
    NOT_SHRUNK,
    SEARCHED,
    failed_row,
    passed_row,
    reference_calls,
    shrink,
    stored_cases,
)
from ..results import TestResult
from ..sandbox.base import Session, Termination
from ..verdicts import Verdict
from .calls import checked_value, run_test
from .grading import Asked, Grading
from .references import reference_program, usable_reference

log = logging.getLogger("grader.judge")


def random_row(grading: Grading, session: Session, asked: Asked) -> TestResult | None:
    """The random tests' row, or None where the problem has none; a failure shrunk where
    asked. Searching (an audit), new inputs drawn instead of the stored ones."""
    problem = grading.problem
    if problem.random is None:
        return None
    if asked.search_random:
        return _searched(grading, session)
    cases, answers = stored_cases(problem)
    judging = replace(grading, answers={**grading.answers, **answers})
    if grading.language.batches_calls:
        together_s = _all_passed_at_once(judging, cases, session)
        if together_s is not None:
            return passed_row(problem, cases, [together_s])
        # Called again one by one, from a fresh runner: a submission that keeps state between
        # calls meets the same sequence of calls again, so a failure in the batch is met
        # again (a second chance in the same runner could pass what failed).
        session.close()
    ran_s: list[float] = []
    for case in cases:
        ran = run_test(judging, case, session)
        ran_s.append(ran.time_s)
        if ran.verdict is not Verdict.AC:
            shrinking = asked.shrink and ran.verdict not in NOT_SHRUNK
            smallest, said = _shrunk(grading, session) if shrinking else (None, None)
            return failed_row(problem, said or ran, case, smallest)
    return passed_row(problem, cases, ran_s)


def _all_passed_at_once(
    grading: Grading, cases: tuple[TestCase, ...], session: Session
) -> float | None:
    """The CPU of every input called in one request, when all of them returned the right
    answer within one test's limits (each did, then); None for anything else, which the
    inputs called one by one then say exactly: a batch is only a faster way to a pass."""
    problem = grading.problem
    outcome = session.call_many([problem.args(case) for case in cases])
    reply = outcome.reply
    if (
        outcome.termination is not Termination.REPLIED
        or reply is None
        or reply.kind is not ReplyKind.VALUES
        or reply.values is None
        or len(reply.values) != len(cases)
        or outcome.cpu_s > problem.limits.time_s
    ):
        return None
    passed = all(
        checked_value(grading, case, value).passed
        for case, value in zip(cases, reply.values, strict=True)
    )
    return outcome.cpu_s if passed else None


def _searched(grading: Grading, session: Session) -> TestResult:
    """The smallest input Hypothesis finds that fails, as a failed row, or a passed row of
    none: what `verify --mutants --random` proposes as a test."""
    problem = grading.problem
    smallest, said = _shrunk(grading, session)
    if smallest is None or said is None:
        return passed_row(problem, (), [])
    found = TestCase(SEARCHED, smallest, 0.0, Visibility.HIDDEN, None)
    return failed_row(problem, said, found, None)


def _shrunk(
    grading: Grading, session: Session
) -> tuple[Mapping[str, object] | None, TestResult | None]:
    """The smallest failing input Hypothesis finds, and the judge's words on it; (None, None)
    where the reference cannot run here or no failure is met again."""
    problem = grading.problem
    if importlib.util.find_spec("hypothesis") is None:  # an install without it: as drawn
        log.warning("%s: random tests not shrunk: Hypothesis is not installed", problem.id)
        return None, None

    def judged(test: TestCase, expected: object) -> TestResult:
        return run_test(replace(grading, answers={test.name: expected}), test, session)

    try:
        program = reference_program(problem, usable_reference(problem), grading.sandbox)
        with reference_calls(problem, program, grading.sandbox) as answer:
            smallest = shrink(problem, judged, answer)
            if smallest is None:
                return None, None
            visibility = problem.random.visibility if problem.random else Visibility.HIDDEN
            return smallest, judged(
                TestCase("shrunk", smallest, 0.0, visibility, None), answer(smallest)
            )
    except GraderError as error:  # the problem's reference, not the submission: no shrinking
        log.warning("%s: random tests not shrunk: %s", problem.id, error)
        return None, None
