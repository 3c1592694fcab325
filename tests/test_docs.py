"""The shipped GitHub Actions workflow is valid YAML and uses only commands the CLI has."""

from __future__ import annotations

import shlex

import yaml

from grader.cli.parser import parser as _parser

from .conftest import ROOT


def test_the_workflow_runs_real_grader_commands() -> None:
    workflow = yaml.safe_load((ROOT / "docs" / "grade-exercise.yml").read_text())
    steps = workflow["jobs"]["grade"]["steps"]
    commands = [
        step["run"] for step in steps if "run" in step and ".venv/bin/grader" in step["run"]
    ]
    assert len(commands) >= 2
    parser = _parser()
    for command in commands:
        words = shlex.split(command.replace("|| true", ""))
        args = parser.parse_args(words[1:])  # exits (fails the test) on an unknown option
        assert args.command in ("grade", "doctor")
