"""A function problem's trusted solutions as programs: which one runs on this machine, and its
build. The answers are computed from them (functions/answers.py); a random test's shrinking
asks one for each candidate input (judge/random_step.py)."""

from __future__ import annotations

from pathlib import Path

from ..errors import ProblemError
from ..languages import FUNCTION_LANGUAGES, extensions
from ..problem import Problem
from ..sandbox.base import Program, Sandbox
from ..submission import read_submission


def usable_reference(problem: Problem) -> Path:
    """The first reference this machine can run, Python's before the compiled ones (no
    build to wait for)."""
    usable = [
        path
        for path in problem.references
        if path.suffix in extensions()
        and not FUNCTION_LANGUAGES[extensions()[path.suffix]].missing()
    ]
    if not usable:
        raise ProblemError(problem.yaml_file, None, "references", "no reference runs here")
    return min(usable, key=lambda path: path.suffix != ".py")


def reference_program(problem: Problem, path: Path, sandbox: Sandbox) -> Program:
    """The reference at `path`, built; ProblemError naming it where it does not build."""
    submission = read_submission(path, extensions())
    build = FUNCTION_LANGUAGES[submission.language].build(submission, problem, sandbox)
    if build.program is None:
        raise ProblemError(
            problem.shown(path), None, "", f"reference does not build: {build.compile_output}"
        )
    return build.program
