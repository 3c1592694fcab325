"""Python submissions: a module-level function, or a method of `class Solution`."""

from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

from ..errors import ProblemError
from ..problem import Problem
from ..sandbox.base import BARE_PYTHON_FLAGS, Program, Runtime, Sandbox
from ..sandbox.preparation import python_places
from ..submission import Submission
from .base import Build, source_problem

RUNNER = Path(__file__).with_name("_pyrunner.py")


@cache
def runner_source() -> str:
    return RUNNER.read_text(encoding="utf-8")


class Python:
    id = "python"
    name = "Python 3"
    time_factor = 1.0

    def __init__(self, interpreter: str | None = None) -> None:
        # The base interpreter, not a virtual environment's: only its own tree is shown
        # inside a sandbox, and the venv (holding the grader) is not.
        places = python_places()
        self.interpreter = interpreter or places.interpreter
        self.runtime_dirs = places.runtime_dirs
        self.hidden = places.hidden

    def template(self, problem: Problem) -> str:
        entry = problem.entry_points.get(self.id, "solve")
        params = ", ".join(f"{param.name}: {param.type}" for param in problem.params)
        return f"def {entry}({params}) -> {problem.returns or 'object'}:\n    ...\n"

    def missing(self) -> str:
        return ""  # the grader's own interpreter

    def runtime(self) -> Runtime:
        """The interpreter and standard library a container image must carry."""
        version = f"{sys.version_info.major}.{sys.version_info.minor}"
        return Runtime(
            self.id,
            self.interpreter,
            self.runtime_dirs,
            registry_base=f"python:{version}-slim",
            registry_executable=f"/usr/local/bin/python{version}",
        )

    def build(self, submission: Submission, problem: Problem, sandbox: Sandbox) -> Build:
        problem_text = source_problem(submission.source)
        if problem_text:
            return Build(None, problem_text)
        entry = problem.entry_points.get(self.id)
        if entry is None:
            raise ProblemError(
                problem.yaml_file, None, "entry_points", f"no entry point for {self.id}"
            )
        # The student's own file name keeps tracebacks recognisable; anything odd is renamed.
        name = submission.path.name
        if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}\.py", name):
            name = "solution.py"
        argv = (
            self.interpreter,
            *BARE_PYTHON_FLAGS,
            "-c",
            runner_source(),
            name,
            entry,
            ",".join(param.name for param in problem.params),
        )
        return Build(
            Program(
                self.id,
                argv,
                ((name, submission.source),),
                runtime_dirs=self.runtime_dirs,
                hidden=self.hidden,
            )
        )
