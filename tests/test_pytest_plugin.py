"""The pytest plugin, as a lesson repository uses it: plain `pytest --grader-submission`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .conftest import SUBMISSIONS

# Grades in a real sandbox (conftest.py's tiers).
pytestmark = pytest.mark.sandbox


def run_pytest(tmp_path, submission) -> subprocess.CompletedProcess[str]:
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
