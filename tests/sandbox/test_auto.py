"""`--sandbox auto`: the fastest backend that is fully isolated here, else the strongest that
works; the report's header and doctor say which rule chose it."""

from __future__ import annotations

import pytest

from grader.cli import main
from grader.doctor import auto_choice
from grader.judge import open_sandbox
from grader.sandbox import AUTO_FASTEST

from ..conftest import SUBMISSIONS, require


@pytest.mark.parametrize(
    ("warnings", "picked"),
    [
        ({"docker": "", "process": ""}, "process"),  # both isolated: the fastest
        ({"docker": "", "process": "no memory/process control group"}, "docker"),
        ({"docker": "no network namespace", "process": "NOT ISOLATED"}, "docker"),  # strongest
        ({"process": "NOT ISOLATED"}, "process"),  # the only one
        ({}, None),
    ],
)
def test_what_auto_picks(warnings, picked) -> None:
    assert auto_choice(warnings) == picked


def test_here_auto_is_the_fully_isolated_process_backend(capsys) -> None:
    sandbox = open_sandbox("auto")
    try:
        isolated = not sandbox.warning()
        name = sandbox.name
    finally:
        sandbox.close()
    require(isolated, "a fully isolated backend", "run scripts/setup as root")
    assert name == "process"
    accepted = SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py"
    assert main(["grade", str(accepted)]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header == f"Problem: nqueens    Sandbox: process ({AUTO_FASTEST})"
    main(["doctor"])
    assert "process: available  (what --sandbox auto uses; the fastest" in capsys.readouterr().out
