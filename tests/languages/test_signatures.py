"""A problem with another signature (int, list[int], list[list[int]], str, list[str] in,
list[str] out) is graded in every language with no harness change: only its YAML."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.authoring.answers import compute_answers, write_answers
from grader.judge import grade, load_answers
from grader.languages import extensions
from grader.problem_yaml import load_problem
from grader.submission import read_submission
from grader.verdicts import Verdict

from ..conftest import require_language

ECHO = Path(__file__).with_name("echo")
SOLUTIONS = sorted((ECHO / "solutions").iterdir())


@pytest.fixture(scope="module")
def echo(tmp_path_factory, process_sandbox):
    folder = tmp_path_factory.mktemp("problems") / "echo"
    shutil.copytree(ECHO, folder)
    problem = load_problem(folder)
    write_answers(problem, compute_answers(problem, process_sandbox))
    return problem


def test_the_answers_keep_every_type(echo) -> None:
    answers = load_answers(echo)
    assert answers["plain"] == ["7", "6", "6", "queen", "a,b"]
    assert answers["quoted"] == ["0", "-5", "9", 'say "hi"\\', "x,y,é"]


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.name)
def test_every_language_reads_every_parameter_type(
    path, echo, tmp_path, monkeypatch, process_sandbox
) -> None:
    submission = read_submission(path, extensions())
    require_language(submission.language)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = grade(echo, load_answers(echo), submission, process_sandbox, reveal_hidden=True)
    assert result.verdict is Verdict.AC, (result.compile_output, result.tests)


def test_every_language_has_a_solution() -> None:
    assert {extensions()[path.suffix] for path in SOLUTIONS} == set(extensions().values())
