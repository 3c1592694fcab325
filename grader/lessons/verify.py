"""`grader verify` of a lesson: the lesson's own final code passes every step, and each of
its mistakes, in submissions/<lesson>/step-<k>/, passes the steps before k and fails step k
(the step that introduces what it gets wrong). A step order no code can pass is refused when
the lesson is read (reader.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..languages import FUNCTION_LANGUAGES
from ..problem import Problem
from ..results import SubmissionResult, Verification
from ..sandbox.base import Sandbox
from ..submission import read_submission
from ..verdicts import Verdict
from .steps import check_steps, lesson_of


def verify_lesson(
    problem: Problem, sandbox: Sandbox, progress: Callable[[str], None]
) -> Verification:
    lesson = lesson_of(problem)
    extensions = dict.fromkeys(FUNCTION_LANGUAGES[lesson.language].extensions, lesson.language)
    failures: list[str] = []
    rows: list[str] = []
    if lesson.solution is None:
        failures.append(f"{problem.yaml_file}: no `solution:`, the lesson's own final code")
    else:
        progress(f"the lesson's own code: {problem.shown(lesson.solution)}")
        result = check_steps(problem, read_submission(lesson.solution, extensions), sandbox)
        rows.append(f"{problem.shown(lesson.solution)}: {_passed(result)} of {len(lesson.steps)}")
        if result.verdict is not Verdict.AC:
            failures.append(f"the lesson's own code fails: {_first_failure(result)}")
    for step, path in examples_of(problem):
        progress(f"{problem.shown(path)}")
        result = check_steps(problem, read_submission(path, extensions), sandbox)
        passed = _passed(result)
        said = f"fails step {passed + 1}: {_first_failure(result)}"
        if passed == len(lesson.steps):
            said = "passes every step"
        rows.append(f"{problem.shown(path)}: passes {passed}, {said.partition(':')[0]}")
        if passed != step - 1:
            failures.append(f"{problem.shown(path)} is filed under step {step} but {said}")
    return Verification(
        problem.id,
        tuple(failures),
        (),
        "\n".join(rows),
        "(checked step by step)",
        matrix_title="Steps passed:",
    )


def examples_of(problem: Problem) -> list[tuple[int, Path]]:
    """Each mistake under submissions/<id>/step-<k>/, with the step it must fail."""
    root = problem.directory.parent.parent / "submissions" / problem.id
    found = []
    for folder in sorted(root.glob("step-*"), key=lambda path: (len(path.name), path.name)):
        number = folder.name.removeprefix("step-")
        if number.isdigit():
            found += [(int(number), path) for path in sorted(folder.iterdir()) if path.is_file()]
    return found


def _passed(result: SubmissionResult) -> int:
    return int(result.score)


def _first_failure(result: SubmissionResult) -> str:
    failing = next((test for test in result.tests if test.verdict is not Verdict.AC), None)
    return failing.message if failing else result.verdict.description
