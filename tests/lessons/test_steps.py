"""Lessons checked step by step on real sandboxed runs: each lesson's own final code passes
every step, each of its filed mistakes passes the steps before its folder's and fails that
one with the lesson's words for it, and what a student has not written yet is said as that."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from grader.kinds import grade, load_problem
from grader.lessons.verify import examples_of
from grader.problem import Problem
from grader.results import SubmissionResult
from grader.submission import read_submission
from grader.verdicts import Verdict

from ..conftest import PROBLEMS, ROOT, require_language

pytestmark = pytest.mark.sandbox  # every test grades in a real sandbox (conftest.py's tiers)

LESSONS = {
    "nqueens-lesson-rust": "rust",
    "nqueens-lesson-python": "python",
    "nqueens-lesson-cpp": "cpp",
    "nqueens-lesson-java": "java",
    "nqueens-lesson-csharp": "csharp",
}
# What each filed mistake's failing step must say: the lesson's own words for it.
SAID = {
    "no_pop": "the queens of the columns already tried stay on the board",
    "column_only": "one row up and one column left: a diagonal",
    "signed_diagonal": "the other diagonal (compare the distances with",
    "only_step_two": "this step asks for `",
    "vec_instead_of_slice": "yours is `fn is_valid(placement: &Vec<i32>, row: i32, col: i32)",
    "backtrack_without_row": "yours is `def backtrack(n: int, placement: list[int]",
    "no_copy": "saved as a copy, placement[:]",
    "non_const_reference": "yours is `bool isValid(vector<int>& placement, int row, int col)`",
    "ColumnOnly": "one row up and one column left: a diagonal",
    "SignedDiagonal": "the other diagonal (compare the distances with Math.",
    "NoUndo": "the queens of the columns already tried stay on the board",
    "NoCopy": "added as a copy, new ",
    "RemoveByValue": "raised java.lang.IndexOutOfBoundsException",
    "LongRow": "yours is `private boolean isValid(List<Integer> placement, long row, int col)`",
    "ArrayPlacement": "yours is `private bool IsValid(int[] placement, int row, int col)`",
}


@cache
def lesson(lesson_id: str) -> Problem:
    require_language(LESSONS[lesson_id])
    return load_problem(PROBLEMS / lesson_id)


def graded(lesson_id: str, path: Path, sandbox, step: int | None = None) -> SubmissionResult:
    problem = lesson(lesson_id)
    extensions = {path.suffix: LESSONS[lesson_id]}
    return grade(problem, {}, read_submission(path, extensions), sandbox, step=step)


def examples() -> list[tuple[str, int, Path]]:
    return [
        (lesson_id, step, path)
        for lesson_id in LESSONS
        for step, path in examples_of(load_problem(PROBLEMS / lesson_id))
    ]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_the_lessons_own_code_passes_every_step(lesson_id: str, process_sandbox) -> None:
    solution = lesson(lesson_id).details.solution  # type: ignore[union-attr]
    result = graded(lesson_id, solution, process_sandbox)
    assert (result.verdict, result.score, result.max_score) == (Verdict.AC, 15, 15), result
    assert [test.name for test in result.tests] == [f"step {k}" for k in range(1, 16)]
    assert all(test.message.endswith(": passed") for test in result.tests)


@pytest.mark.parametrize(
    ("lesson_id", "step", "path"), examples(), ids=lambda value: getattr(value, "name", value)
)
def test_each_mistake_fails_the_step_that_introduces_it(
    lesson_id: str, step: int, path: Path, process_sandbox
) -> None:
    result = graded(lesson_id, path, process_sandbox)
    assert result.score == step - 1 and len(result.tests) == step, result
    failing = result.tests[-1]
    assert failing.verdict is not Verdict.AC and failing.name == f"step {step}"
    assert failing.message.startswith(f"step {step} of 15, ")
    assert SAID[path.stem] in failing.message, failing.message
    assert not result.compile_output  # never a compiler's error about what comes later


def test_a_function_not_written_yet_is_named_never_a_compile_error(process_sandbox) -> None:
    path = ROOT / "submissions" / "nqueens-lesson-rust" / "step-3" / "only_step_two.rs"
    result = graded("nqueens-lesson-rust", path, process_sandbox)
    assert (result.verdict, result.score) == (Verdict.WA, 2)
    assert result.tests[-1].message == (
        "step 3 of 15, a square is safe, for now: this step asks for `fn is_valid(placement: "
        "&[i32], row: usize, col: i32) -> bool`, which your code does not have yet"
    )
    # Working on step 2, the student is told step 2 passes: what comes later is not checked.
    up_to_two = graded("nqueens-lesson-rust", path, process_sandbox, step=2)
    assert (up_to_two.verdict, up_to_two.score, len(up_to_two.tests)) == (Verdict.AC, 2, 2)


def test_the_students_own_compile_error_is_the_compilers(tmp_path: Path, process_sandbox) -> None:
    path = tmp_path / "solution.rs"
    path.write_text(
        "impl Solution {\n"
        "    fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {\n"
        "        let mut placements = Vec::new();\n"
        "        placements.frobnicate();\n"
        "        placements\n"
        "    }\n"
        "}\n"
    )
    result = graded("nqueens-lesson-rust", path, process_sandbox)
    assert (result.verdict, result.score) == (Verdict.CE, 0)
    assert re.search(r"solution\.rs:4:\d+", result.compile_output), result.compile_output
    assert "frobnicate" in result.tests[0].message
    assert "grader_lesson_check" not in result.compile_output  # nothing of the grader's code


def test_a_hidden_final_test_says_nothing_of_its_input(tmp_path: Path, process_sandbox) -> None:
    """Every step but the last passes; the final tests' hidden n = 7 fails, and the step
    says which hidden test, never its input or its answer."""
    solution = (ROOT / "reference" / "nqueens-lesson-python" / "solution.py").read_text()
    path = tmp_path / "solution.py"
    path.write_text(
        solution.replace(
            "    backtrack(n, 0,", "    if n == 7:\n        return []\n    backtrack(n, 0,"
        )
    )
    result = graded("nqueens-lesson-python", path, process_sandbox)
    assert (result.verdict, result.score) == (Verdict.WA, 14)
    said = result.tests[-1].message
    assert said.startswith("step 15 of 15, every test: solve_n_queens fails hidden ")
    assert "n = 7" not in said and "40" not in said and "[" not in said


def test_a_forged_dispatcher_changes_nothing(tmp_path: Path, process_sandbox) -> None:
    """A student's own `grader_lesson_check`, answering every check as passed, is replaced
    by the grader's: the checks still call the student's functions."""
    path = tmp_path / "solution.py"
    path.write_text(
        "def solve_n_queens(n):\n"
        "    return []\n"
        "def is_valid(placement, row, col):\n"
        "    return True\n"
        "def grader_lesson_check(check, case):\n"
        "    return 'ok'\n"
    )
    result = graded("nqueens-lesson-python", path, process_sandbox)
    assert result.score == 3 and result.tests[-1].name == "step 4", result


def test_the_json_report_carries_every_step(tmp_path: Path) -> None:
    import subprocess
    import sys

    require_language("python")
    solution = ROOT / "reference" / "nqueens-lesson-python" / "solution.py"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "grader",
            "grade",
            "--problem",
            "nqueens-lesson-python",
            "--format",
            "json",
            "--step",
            "5",
            "--sandbox",
            "process",
            str(solution),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    [result] = json.loads(done.stdout)["results"]
    assert (result["verdict"], result["score"], result["max_score"]) == ("AC", 5, 15)
    assert [test["name"] for test in result["tests"]] == [f"step {k}" for k in range(1, 6)]


def test_a_check_that_never_returns_is_a_time_limit_of_its_step(
    tmp_path: Path, process_sandbox
) -> None:
    """A loop in the function a step checks: that step's check is stopped at the lesson's
    limit and says which call, the steps before it stand."""
    path = tmp_path / "solution.py"
    path.write_text(
        "def solve_n_queens(n):\n"
        "    return []\n"
        "def is_valid(placement, row, col):\n"
        "    while row:\n"
        "        pass\n"
        "    return True\n"
    )
    result = graded("nqueens-lesson-python", path, process_sandbox)
    assert (result.verdict, result.score) == (Verdict.TLE, 3), result
    said = result.tests[-1].message
    assert said.startswith("step 4 of 15, the same column: `is_valid([1], 1, 1)`: "), said
