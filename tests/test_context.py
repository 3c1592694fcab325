"""A command line runs in the Context it is given (its directory, environment and streams)
and changes none of the process's own: what lets the warm grader, and later a service's
workers, run many in one interpreter."""

from __future__ import annotations

import io
import os
import shutil
import sys

import pytest

from grader.cli import main
from grader.cli.context import Context

from .conftest import SUBMISSIONS

ACCEPTED = SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py"
WRONG = SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py"


def _context(cwd, environ=None) -> tuple[Context, io.StringIO, io.StringIO]:
    out, err = io.StringIO(), io.StringIO()
    return Context(cwd, environ or {}, out, err, main), out, err


def _process_globals() -> tuple[object, ...]:
    return os.getcwd(), dict(os.environ), sys.stdout, sys.stderr


@pytest.mark.sandbox
def test_paths_environment_and_streams_come_from_the_context(tmp_path, monkeypatch) -> None:
    caller = tmp_path / "caller"
    (caller / "class").mkdir(parents=True)
    shutil.copy(ACCEPTED, caller / "class" / "ada.py")
    shutil.copy(WRONG, caller / "class" / "bob.py")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # nothing the command reads may be found from here
    context, out, err = _context(caller, {"GITHUB_STEP_SUMMARY": "summary.md"})
    before = _process_globals()

    arguments = ["grade", "class", "--sandbox", "process", "--format", "github"]
    status = main([*arguments, "--output", "report.txt", "--db", "class.db"], context)

    assert _process_globals() == before
    assert status == 1, err.getvalue()  # bob's is a wrong answer
    report = (caller / "report.txt").read_text()
    assert "class/bob.py" in report and str(caller) not in report  # shown as given
    assert "| `class/bob.py` | python | WA |" in (caller / "summary.md").read_text()
    assert (caller / "class.db").is_file()
    assert not list(elsewhere.iterdir()) and out.getvalue() == ""


def test_what_argparse_says_goes_to_the_context(tmp_path) -> None:
    context, out, err = _context(tmp_path)
    before = _process_globals()
    assert main(["grade", "--sandbox", "nowhere", "x.py"], context) == 2
    assert "usage: grader grade" in err.getvalue() and "'nowhere'" in err.getvalue()
    assert main(["--version"], context) == 0
    assert out.getvalue().startswith("grader ")
    assert main(["verify", "--help"], context) == 0
    assert "--jobs" in out.getvalue()
    assert _process_globals() == before


def test_a_problem_error_shows_paths_from_the_callers_directory(tmp_path) -> None:
    problem = tmp_path / "mine"
    problem.mkdir()
    (problem / "problem.yaml").write_text("id: mine\ntitle: Mine\n")
    context, _, err = _context(tmp_path)
    assert main(["template", "--language", "python", "--problem", "mine"], context) == 2
    assert err.getvalue().startswith("grader: error: mine/problem.yaml:")
