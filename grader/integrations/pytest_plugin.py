"""A pytest plugin for lesson repositories: `pytest --grader-submission solution.rs` makes
every test of the problem a pytest item, so a lesson's CI is plain `pytest`. A failing item
shows the judge's message (and board), not a traceback.

Registered through the `pytest11` entry point; without --grader-submission it adds nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ..results import SubmissionResult, TestResult
from ..verdicts import Verdict

_RESULT = pytest.StashKey[SubmissionResult]()


def pytest_addoption(parser: pytest.Parser) -> None:
    from ..sandbox import SANDBOXES

    group = parser.getgroup("grader", "grade a lesson exercise with grader")
    group.addoption("--grader-submission", metavar="FILE", help="the solution to grade")
    group.addoption("--grader-problem", default="nqueens", metavar="NAME_OR_DIR")
    group.addoption(
        "--grader-sandbox", default="auto", choices=("auto", *SANDBOXES), metavar="NAME"
    )


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    submission = config.getoption("--grader-submission")
    if not submission:
        return
    from ..errors import GraderError
    from ..kinds import load_problem
    from ..kinds.places import find_problem, problem_roots
    from ..languages import extensions
    from ..submission import read_submission

    try:
        problem = load_problem(find_problem(config.getoption("--grader-problem"), problem_roots()))
        read_submission(Path(submission), extensions())  # a missing file says so here, once
    except GraderError as error:
        # One line, as the command line says it: not pytest's traceback of the plugin.
        raise pytest.UsageError(f"grader: {error}") from None
    items.extend(
        JudgeTest.from_parent(
            session,
            name=f"{problem.id}::{test.shown_name}",
            nodeid=f"{submission}::{problem.id}::{test.shown_name}",
            test_name=test.shown_name,
        )
        for test in problem.tests  # a hidden test under the name students see: `hidden 1`
    )


class JudgeFailure(Exception):
    """A test the judge did not accept; its message is the judge's."""


class JudgeTest(pytest.Item):
    def __init__(self, *, test_name: str, **kwargs: Any) -> None:  # noqa: ANN401 - pytest's
        super().__init__(**kwargs)
        self.test_name = test_name

    def runtest(self) -> None:
        from ..errors import GraderError

        try:
            result = _graded(self.config)
        except GraderError as error:  # no sandbox here, say: one line, as the CLI says it
            raise JudgeFailure(f"grader: {error}") from None
        if result.verdict is Verdict.CE or not result.tests:
            raise JudgeFailure(f"{result.verdict.value}: {result.compile_output}")
        test = next(t for t in result.tests if t.name == self.test_name)
        if test.verdict is not Verdict.AC:
            raise JudgeFailure(_explain(test))

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: object = None
    ) -> str:
        if isinstance(excinfo.value, JudgeFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return Path(self.config.getoption("--grader-submission")), None, self.name


def _graded(config: pytest.Config) -> SubmissionResult:
    """Grade once per session; every item reads the same result."""
    if _RESULT not in config.stash:
        from ..judge import open_sandbox
        from ..kinds import grade, load_answers, load_problem
        from ..kinds.places import find_problem, problem_roots
        from ..languages import extensions
        from ..submission import read_submission

        problem = load_problem(find_problem(config.getoption("--grader-problem"), problem_roots()))
        submission = read_submission(Path(config.getoption("--grader-submission")), extensions())
        sandbox = open_sandbox(config.getoption("--grader-sandbox"))
        try:
            config.stash[_RESULT] = grade(problem, load_answers(problem), submission, sandbox)
        finally:
            sandbox.close()
    return config.stash[_RESULT]


def _explain(test: TestResult) -> str:
    parts = [f"{test.verdict.value} {test.verdict.description}: {test.message}"]
    if test.board:
        parts.append(test.board)
    if test.output:
        parts.append("your program printed:\n" + test.output)
    return "\n\n".join(parts)
