"""Python submissions: a module-level function, or a method of `class Solution`."""

from __future__ import annotations

import re
import site
import sys
import sysconfig
from functools import cache
from pathlib import Path

from ..errors import ProblemError
from ..problem import Problem
from ..sandbox.base import Program, Runtime, Sandbox
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
    extensions: tuple[str, ...] = (".py",)

    def __init__(self, interpreter: str | None = None) -> None:
        # The base interpreter, not a virtual environment's: only its own tree is shown
        # inside a sandbox, and the venv (holding the grader) is not.
        self.interpreter = interpreter or getattr(sys, "_base_executable", "") or sys.executable
        self.runtime_dirs = tuple(sorted({sys.base_prefix, sys.base_exec_prefix}))
        self.hidden = _site_packages()

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
            "-I",  # isolated: no user site, no environment variables, no script dir
            "-S",  # no site-packages: the grader is not importable from inside
            "-B",
            "-X",
            "utf8",
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


def _site_packages() -> tuple[str, ...]:
    """Every place third-party packages (the grader among them, if installed) may live."""
    places = set(site.getsitepackages([sys.base_prefix, sys.base_exec_prefix]))
    for scheme_key in ("purelib", "platlib"):
        places.add(sysconfig.get_path(scheme_key, vars={"base": sys.base_prefix}))
    places.add(site.getusersitepackages())
    return tuple(sorted(places))
