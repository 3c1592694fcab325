"""A submission's CPU over all its tests (judge/total_time.py), over the scripted sandbox:
the verdict table of the total, and the problem.yaml key that sets it."""

from __future__ import annotations

import dataclasses

import pytest

from grader.errors import ProblemError
from grader.judge.spread import heaviest_first
from grader.kinds import grade, load_problem
from grader.problem import Problem
from grader.sandbox.base import RunOutcome
from grader.sandbox.fake import FakeSandbox, replied
from grader.verdicts import Verdict

SOURCE = "def solve_n_queens(n):\n    return []\n"  # never run: the sandbox is scripted


def _right(args: tuple[object, ...], answers: dict[str, object], cpu_s: float) -> RunOutcome:
    answer = answers[f"n{args[0]}"]
    assert isinstance(answer, list)
    return replied(tuple(tuple(placement) for placement in answer), cpu_s)


@pytest.fixture
def four_tests(nqueens: Problem) -> Problem:
    kept = tuple(test for test in nqueens.tests if test.name in ("n1", "n4", "n5", "n8"))
    return dataclasses.replace(nqueens, tests=kept)


def _limited(problem: Problem, total: float | None) -> Problem:
    return dataclasses.replace(
        problem, limits=dataclasses.replace(problem.limits, total_time_s=total)
    )


def test_each_test_under_its_limit_but_over_the_total_is_tle(
    four_tests, nqueens_answers, make_submission
) -> None:
    """0.4 s a test, 1.0 s in all: the third test gets 0.2 s, runs out, and the fourth is
    not run."""
    sandbox = FakeSandbox(lambda args: _right(args, nqueens_answers, 0.4))
    problem = _limited(four_tests, 1.0)
    result = grade(problem, nqueens_answers, make_submission(SOURCE), sandbox, reveal_hidden=True)
    verdicts = [test.verdict for test in result.tests]
    assert verdicts == [Verdict.AC, Verdict.AC, Verdict.TLE, Verdict.TLE]
    assert result.verdict is Verdict.TLE and result.score == 2
    third, fourth = result.tests[2:]
    assert "all tests together used more than the submission's 1 s of CPU" in third.message
    assert fourth.message == "not run: the submission's 1 s of CPU for all tests ran out"


def test_the_default_total_is_the_sum_of_the_tests_limits(
    four_tests, nqueens_answers, make_submission
) -> None:
    sandbox = FakeSandbox(lambda args: _right(args, nqueens_answers, 0.9))
    result = grade(four_tests, nqueens_answers, make_submission(SOURCE), sandbox)
    assert result.verdict is Verdict.AC  # 3.6 s of 4 x 1 s


def test_a_hidden_test_over_the_total_says_nothing_of_it(
    nqueens, nqueens_answers, make_submission
) -> None:
    sandbox = FakeSandbox(lambda args: _right(args, nqueens_answers, 0.3))
    problem = _limited(nqueens, 1.5)
    result = grade(problem, nqueens_answers, make_submission(SOURCE), sandbox)
    hidden = [test for test in result.tests if test.hidden and test.verdict is Verdict.TLE]
    assert hidden and all(
        test.message == "time limit exceeded on a hidden test" and test.time_s == 0
        for test in hidden
    )


def test_total_time_is_read_from_problem_yaml(problem_copy) -> None:
    yaml_file = problem_copy / "problem.yaml"
    text = yaml_file.read_text()
    yaml_file.write_text(text.replace("  time_s: 1.0\n", "  time_s: 1.0\n  total_time_s: 4\n"))
    limits = load_problem(problem_copy).limits
    assert limits.total_time_s == 4 and limits.total_for(9) == 4
    assert limits.for_language("java", 1.0).total_time_s == 8  # the language's factor too
    yaml_file.write_text(text.replace("  time_s: 1.0\n", "  time_s: 1.0\n  total_time_s: 0.5\n"))
    with pytest.raises(ProblemError, match=r"problem.yaml:\d+: limits.total_time_s: 0.5 is less"):
        load_problem(problem_copy)


def test_the_heaviest_test_runs_first_when_spreading_is_looked_for(
    four_tests, nqueens_answers
) -> None:
    order = [four_tests.tests[i].name for i in heaviest_first(four_tests, nqueens_answers)]
    assert order == ["n8", "n5", "n4", "n1"]  # by the size of the answer
