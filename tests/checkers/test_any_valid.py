"""`set-of-any-valid`: the instructor's validator, run in a process of its own, judges each
item; duplicates, invalid items, too few or too many are said; a validator's own fault is an
internal error naming the problem, never the student's."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.checkers import any_valid
from grader.checkers.any_valid import AnyValid
from grader.errors import InternalError

# Any two distinct numbers from 1..n that sum to n: many right answers, one count.
VALIDATOR = """
def valid(args, item):
    n = args["n"]
    if len(item) != 2 or len(set(item)) != 2:
        return "two different numbers are needed"
    if sum(item) != n:
        return f"{item[0]} + {item[1]} is not {n}"
    return True
"""
EXPECTED = [[1, 4], [2, 3]]  # for n = 5, as a reference found them


@pytest.fixture
def checker(tmp_path: Path) -> AnyValid:
    path = tmp_path / "validator.py"
    path.write_text(VALIDATOR)
    return AnyValid.for_problem(path, "problems/pairs/problem.yaml")


@pytest.mark.parametrize(
    ("actual", "passed", "words"),
    [
        (((4, 1), (3, 2)), True, "all 2 valid"),
        (((2, 3), (1, 4)), True, "all 2 valid"),
        (((1, 4),), False, "1 valid items, of 2: 1 missing (one the references found: [1, 4])"),
        (((1, 4), (2, 2)), False, "[2, 2] is not valid: two different numbers are needed"),
        (((1, 4), (2, 4)), False, "[2, 4] is not valid: 2 + 4 is not 5"),
        (((1, 4), (1, 4)), False, "[1, 4] is returned more than once"),
        (((1, 4), (2, 3), (3, 2)), False, "3 items, where there are 2"),
        (5, False, "expected a list, got 5"),
    ],
)
def test_any_valid(checker: AnyValid, actual, passed, words) -> None:
    result = checker.check({"n": 5}, EXPECTED, actual)
    assert result.passed is passed, result.message
    assert words in result.message
    if not passed:
        assert "[" not in result.hint  # a hidden test's hint has no values


def test_a_validator_that_fails_is_the_problems_fault(tmp_path: Path) -> None:
    path = tmp_path / "validator.py"
    path.write_text("def valid(args, item):\n    return item[99]\n")
    broken = AnyValid.for_problem(path, "problems/pairs/problem.yaml")
    with pytest.raises(InternalError, match=r"problems/pairs/problem.yaml: its validator failed"):
        broken.check({"n": 5}, EXPECTED, ((1, 4), (2, 3)))


def test_a_validator_that_loops_is_stopped(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(any_valid, "VALIDATOR_TIMEOUT_S", 0.5)
    path = tmp_path / "validator.py"
    path.write_text("def valid(args, item):\n    while True:\n        pass\n")
    looping = AnyValid.for_problem(path, "problems/pairs/problem.yaml")
    with pytest.raises(InternalError, match="took longer than 0.5 s"):
        looping.check({"n": 5}, EXPECTED, ((1, 4), (2, 3)))


PROBLEM = """
id: pairs
title: Pairs that sum to n
signature:
  params:
    - {name: n, type: int, min: 3, max: 50}
  returns: "list[list[int]]"
entry_points: {python: pairs}
checker: set-of-any-valid
validator: validator.py
references: [reference.py]
tests:
  - {name: five, input: {n: 5}, visibility: sample}
  - {name: nine, input: {n: 9}, visibility: hidden}
"""


def test_a_problem_graded_by_its_validator(tmp_path: Path, process_sandbox) -> None:
    from grader.errors import ProblemError
    from grader.functions.answers import compute_answers, write_answers
    from grader.kinds import grade, load_answers, load_problem
    from grader.submission import Submission
    from grader.verdicts import Verdict

    folder = tmp_path / "pairs"
    folder.mkdir()
    (folder / "statement.md").write_text("Every pair of different numbers summing to n.\n")
    (folder / "validator.py").write_text(VALIDATOR)
    (folder / "reference.py").write_text(
        "def pairs(n):\n    return [[a, n - a] for a in range(1, (n + 1) // 2)]\n"
    )
    (folder / "problem.yaml").write_text(PROBLEM)
    problem = load_problem(folder)
    write_answers(problem, compute_answers(problem, process_sandbox))
    mine = "def pairs(n):\n    return [[n - a, a] for a in reversed(range(1, (n + 1) // 2))]\n"
    submission = Submission(folder / "mine.py", "mine.py", "python", mine.encode())
    result = grade(problem, load_answers(problem), submission, process_sandbox)
    assert result.verdict is Verdict.AC, result.tests
    (folder / "problem.yaml").write_text(PROBLEM.replace("validator: validator.py\n", ""))
    with pytest.raises(ProblemError, match="add `validator:`"):
        load_problem(folder)
