"""The pytest plugin, as a lesson repository uses it: plain `pytest --grader-submission`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import SUBMISSIONS

# Grades in a real sandbox (conftest.py's tiers).
pytestmark = pytest.mark.sandbox


def run_pytest(tmp_path, submission, *more: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--grader-submission",
            str(submission),
            "--grader-sandbox",
            "process",
            *more,
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_every_judge_test_is_a_passing_item(tmp_path) -> None:
    done = run_pytest(tmp_path, SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py")
    assert done.returncode == 0, done.stdout
    assert "9 passed" in done.stdout


def test_a_failing_item_shows_the_judges_message(tmp_path) -> None:
    wrong = SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py"
    done = run_pytest(tmp_path, wrong)
    assert done.returncode == 1
    assert "8 failed, 1 passed" in done.stdout
    assert "placement [0, 1]: queens in rows 0 and 1 share a diagonal" in done.stdout
    assert "Traceback" not in done.stdout


def test_a_compile_error_fails_every_item_with_the_compilers_line(tmp_path) -> None:
    done = run_pytest(tmp_path, SUBMISSIONS / "nqueens" / "compile_error" / "syntax_error.py")
    assert done.returncode == 1
    assert "9 failed" in done.stdout and "syntax_error.py:1" in done.stdout


@pytest.mark.parametrize(
    ("submission", "more", "said"),
    [
        ("missing.py", (), "ERROR: grader: missing.py: no such file"),
        ("bitmask.py", ("--grader-problem", "nosuch"), "ERROR: grader: unknown problem 'nosuch'"),
    ],
    ids=["missing file", "unknown problem"],
)
def test_a_mistake_in_the_command_is_one_line(tmp_path, submission, more, said) -> None:
    given = (
        SUBMISSIONS / "nqueens" / "accepted" / submission
        if submission == "bitmask.py"
        else (submission)
    )
    done = run_pytest(tmp_path, given, *more)
    assert done.returncode == 4  # pytest's usage error
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert any(line.startswith(said) for line in lines), lines
    assert len(lines) <= 3 and "Traceback" not in done.stdout + done.stderr


def test_each_item_is_named_by_the_submission_problem_and_test(tmp_path) -> None:
    done = run_pytest(tmp_path, SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py", "--co")
    ids = [line for line in done.stdout.splitlines() if "::" in line]
    assert len(ids) == 9 and all("bitmask.py::nqueens::" in line for line in ids)
    assert not any(line.startswith("::") for line in ids)
