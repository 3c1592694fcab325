"""Every problem under problems/ verifies: `grader verify` is the instructor's check, and the
test suite holds each problem to it."""

from __future__ import annotations

import pytest

from grader.cli import main
from grader.kinds import load_answers, load_problem

from .conftest import PROBLEMS

# Grades in a real sandbox (conftest.py's tiers).
pytestmark = pytest.mark.sandbox

A000170 = {
    1: 1,
    2: 0,
    3: 0,
    4: 2,
    5: 10,
    6: 4,
    7: 40,
    8: 92,
    9: 352,
    10: 724,
    11: 2680,
    12: 14200,
    13: 73712,
}
ALL = sorted(path.name for path in PROBLEMS.iterdir() if (path / "problem.yaml").exists())


@pytest.mark.parametrize("name", ALL)
def test_the_problem_verifies(name, capsys) -> None:
    code = main(["verify", name, "--sandbox", "process"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"{name}: OK" in out


@pytest.mark.parametrize("name, largest", [("nqueens-count", 9), ("nqueens-count-fast", 13)])
def test_the_counts_are_oeis_a000170(name: str, largest: int) -> None:
    """LeetCode 52's constraints (n <= 9) for the one that says it is LeetCode 52; larger
    boards only in the problem that asks for speed."""
    problem = load_problem(PROBLEMS / name)
    answers = load_answers(problem)
    assert {test.input["n"]: answers[test.name] for test in problem.tests} == {
        test.input["n"]: A000170[test.input["n"]] for test in problem.tests
    }
    assert max(test.input["n"] for test in problem.tests) == largest
    assert next(param for param in problem.params if param.name == "n").maximum == largest
