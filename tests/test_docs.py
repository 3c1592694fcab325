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


def test_every_grader_command_in_the_readme_parses() -> None:
    """What a reader copies from the README is a command line this grader takes."""
    import re

    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```(?:sh|console)\n(.*?)```", text, flags=re.S)
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    commands = [
        line.strip().removeprefix("$ ").split("  #")[0]
        for line in lines
        if line.strip().removeprefix("$ ").startswith("grader ")
        and "[" not in line  # the synopsis, not a command
    ]
    assert len(commands) >= 8  # the regex found the blocks
    parser = _parser()
    for command in commands:
        words = shlex.split(command, comments=True)
        parser.parse_args(words[1:])  # an unknown option or command fails the test
