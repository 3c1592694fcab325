"""CPU spread across tests: the tests of a function problem are calls into one warm runner,
so a program can do part of a heavy test's work during the lighter tests before it, each of
them under its own limit, and pass a search too slow for the heavy test alone. The total
(total_time.py) bounds the sum; this finds the spreading itself, for the instructor: the
tests run once more in a fresh runner, the heaviest first (by the size of its answer, then
the last first), where no earlier call can have done any of their work. A test over its
limit there that passed in order is flagged. Never a change of verdict."""

from __future__ import annotations

import json
from collections.abc import Mapping

from ..errors import SandboxError
from ..problem import Problem, TestCase
from ..results import Flag, FlagKind
from ..sandbox.base import Program
from ..verdicts import Verdict
from .calls import run_test
from .failures import load_finding
from .grading import Grading


def heaviest_first(problem: Problem, answers: Mapping[str, object]) -> list[int]:
    """The tests' indices, the largest stored answer first, ties the last first."""

    def weight(index: int) -> tuple[int, int]:
        answer = answers.get(problem.tests[index].name)
        return (-len(json.dumps(answer, separators=(",", ":"), default=str)), -index)

    return sorted(range(len(problem.tests)), key=weight)


def spread_flags(grading: Grading, program: Program) -> tuple[Flag, ...]:
    """For a submission that passed every test in order: a flag for the first test
    (heaviest first) that goes over its CPU limit in a fresh runner, run before the
    others."""
    problem = grading.problem
    try:
        with grading.sandbox.session(program, problem.limits, len(problem.tests)) as session:
            if load_finding(session.load(), "", problem, grading.language) is not None:
                return ()
            for index in heaviest_first(problem, grading.answers):
                case: TestCase = problem.tests[index]
                ran = run_test(grading, case, session)
                if ran.verdict is Verdict.TLE:
                    return (_flag(case, ran.time_s, problem),)
    except SandboxError:
        return ()
    return ()


def _flag(case: TestCase, first_s: float, problem: Problem) -> Flag:
    return Flag(
        FlagKind.SPREAD,
        f"{case.name} passes after the other tests, but run before them, in a fresh "
        f"runner, it goes over its {problem.limits.time_s:g} s limit "
        f"({first_s:.2f} s or more): its work was done during earlier tests (CPU spread "
        "across tests; a total_time_s in problem.yaml makes that a time limit)",
    )
