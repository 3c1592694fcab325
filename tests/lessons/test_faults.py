"""A fault of the grader while a lesson is checked is IE, never a step passed or failed
(pure: the checks' run is replaced by one that failed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.kinds import grade, load_problem
from grader.lessons import steps
from grader.results import SubmissionResult
from grader.submission import Submission
from grader.verdicts import Verdict

from ..conftest import PROBLEMS


def test_a_failed_run_of_the_checks_is_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def failed(*args: object) -> tuple[SubmissionResult, str, object]:
        result = SubmissionResult(
            "solution.py", "python", Verdict.IE, 0, 1, "internal error: the sandbox broke", ()
        )
        return result, "", None

    monkeypatch.setattr(steps, "run_probes", failed)
    problem = load_problem(PROBLEMS / "nqueens-lesson-python")
    source = b"def solve_n_queens(n):\n    return []\n"
    submission = Submission(Path("solution.py"), "solution.py", "python", source)
    result = grade(problem, {}, submission, sandbox=None)  # type: ignore[arg-type]
    assert (result.verdict, result.score, result.tests) == (Verdict.IE, 0, ())
    assert "the sandbox broke" in result.compile_output
