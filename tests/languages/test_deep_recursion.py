"""Python recursing as deep as its input, as LeetCode's does: the usual recursive solution of
a long chain is accepted (CPython alone stops at 1,000 calls), memoized through
functools.cache too; an endless recursion is a runtime error whose hint says it is endless."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from grader.functions.answers import compute_answers, write_answers
from grader.kinds import grade, load_answers, load_problem
from grader.verdicts import Verdict

pytestmark = pytest.mark.sandbox
HERE = Path(__file__).parent

RECURSIVE = "def chain_sum(n):\n    return n if n == 1 else n + chain_sum(n - 1)\n"
MEMOIZED = (
    "from functools import cache\n\n\n@cache\ndef chain_sum(n):\n"
    "    return n if n == 1 else n + chain_sum(n - 1)\n"
)
ENDLESS = "def chain_sum(n):\n    return chain_sum(n + 1)\n"


@pytest.fixture
def deep(tmp_path: Path, process_sandbox):
    folder = Path(shutil.copytree(HERE / "deep", tmp_path / "deep"))
    problem = load_problem(folder)
    write_answers(problem, compute_answers(problem, process_sandbox))
    return load_problem(folder)


@pytest.mark.parametrize("source", [RECURSIVE, MEMOIZED], ids=["plain", "functools.cache"])
def test_a_recursion_as_deep_as_the_input_is_accepted(
    source: str, deep, make_submission, process_sandbox
) -> None:
    result = grade(deep, load_answers(deep), make_submission(source), process_sandbox)
    assert result.verdict is Verdict.AC, result.tests


def test_an_endless_recursion_is_said_to_be_endless(deep, make_submission, process_sandbox):
    result = grade(deep, load_answers(deep), make_submission(ENDLESS), process_sandbox)
    assert result.verdict is Verdict.RTE
    said = result.tests[0].message + result.tests[0].hint
    assert "RecursionError" in said and "100,000 calls deep" in said and "endless" in said


def test_an_endless_recursion_that_copies_runs_out_of_memory_and_says_how_deep(
    deep, make_submission, process_sandbox
) -> None:
    copying = "def chain_sum(n):\n    def go(k, seen):\n        return go(k + 1, seen + [k])\n"
    copying += "    return go(0, [])\n"
    result = grade(deep, load_answers(deep), make_submission(copying), process_sandbox)
    assert result.verdict is Verdict.MLE
    said = result.tests[0].message
    assert re.search(r"ran out of memory \(MemoryError\) [\d,]+ calls deep", said), said
    assert "base case" in said
