"""Python submissions: a module-level function, or a method of `class Solution`."""

from __future__ import annotations

import builtins
import importlib
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Final

from ..errors import InternalError
from ..problem import VOID, Problem
from ..sandbox.base import BARE_PYTHON_FLAGS, Program, PythonRunner, Runtime, Sandbox
from ..sandbox.preparation import python_places
from ..submission import Submission
from .base import Build, PlusOne, Sanitized, SourceFamily, source_problem
from .python_hints import python2_error, python2_syntax
from .python_programs import PYTHON_PROGRAMS, program_source

RUNNER = Path(__file__).with_name("_pyrunner.py")


def _runner_constant(name: str) -> int:
    """A number the runner defines (it runs in the sandbox, and is never imported here)."""
    found = re.search(rf"^{name} = ([\d_]+)$", RUNNER.read_text(encoding="utf-8"), re.MULTILINE)
    if found is None:
        raise InternalError(f"{RUNNER.name} defines no {name}")
    return int(found[1])


RECURSION_LIMIT = _runner_constant("RECURSION_LIMIT")  # how deep a submission may recurse
# LeetCode's Python has these in scope without an import: every public name of the first
# group (as `from typing import *` ...), and each module of both under its own name.
STAR_IMPORTED = ("typing", "collections", "heapq", "bisect", "itertools", "functools", "math")
IMPORTED = (*STAR_IMPORTED, "array", "copy", "operator", "random", "re", "string", "sys")


@cache
def runner_source() -> str:
    source = RUNNER.read_text(encoding="utf-8")
    empty = "\nPRELUDE: dict[str, str] = {}\n"
    return source.replace(empty, f"\nPRELUDE: dict[str, str] = {prelude_names()!r}\n", 1)


def prelude_names() -> dict[str, str]:
    """Each name in scope for a submission without an import, and the module it is from. A
    builtin is never shadowed (`math.pow` is not `pow`); a module's name is the module."""
    where: dict[str, str] = {}
    for module_name in STAR_IMPORTED:
        module = importlib.import_module(module_name)
        public = getattr(module, "__all__", None) or [
            name for name in dir(module) if not name.startswith("_")
        ]
        for name in public:
            submodule = isinstance(getattr(module, name, None), ModuleType)
            if not hasattr(builtins, name) and not submodule:
                where[name] = module_name
    where.update({module_name: module_name for module_name in IMPORTED})
    return where


class Python:
    id = "python"
    name = "Python 3"
    time_factor = 1.0
    extensions = (".py", ".py3")
    family: SourceFamily = "python"
    programs = PYTHON_PROGRAMS
    calls_functions = True
    batches_calls = True  # a random test's inputs in one request (_pyrunner.serve)
    file_name = "solution.py"
    plus_one = PlusOne("plus_one", "    ...\n", "    return n + 1\n")
    packages = ()  # the grader's own interpreter runs submissions

    def __init__(self, interpreter: str | None = None) -> None:
        # The base interpreter, not a virtual environment's: only its own tree is shown
        # inside a sandbox, and the venv (holding the grader) is not.
        places = python_places()
        self.interpreter = interpreter or places.interpreter
        self.runtime_dirs = places.runtime_dirs
        self.hidden = places.hidden
        # Another interpreter's standard library is somewhere under its prefix.
        self._stdlib_dirs = places.stdlib_dirs if interpreter is None else places.runtime_dirs

    def template(self, problem: Problem) -> str:
        entry = problem.entry_names(self.id)[0]
        params = ", ".join(f"{param.name}: {_hint(param.type)}" for param in problem.params)
        returns = "None" if problem.returns == VOID else _hint(problem.returns or "object")
        used = [node for node in NODE_CLASSES if node in f"{params} {returns}"]
        for node in used:  # LeetCode's hints: either may be None
            returns = returns.replace(node, f"{node} | None")
            params = params.replace(f": {node}", f": {node} | None")
        function = f"def {entry}({params}) -> {returns}:\n    ...\n"
        if not used:
            return function
        # LeetCode's definitions, which its starter gives in a comment, as code: the
        # student's editor and linters know the names (the judge supplies the same class).
        classes = "".join(
            f"# LeetCode's {node}; the judge has the same.\n{NODE_CLASSES[node]}\n\n"
            for node in used
        )
        return classes + function

    def missing(self) -> str:
        return ""  # the grader's own interpreter

    def dialect(self) -> str:
        version = f"{sys.version_info.major}.{sys.version_info.minor}"
        stars = ", ".join(f"{module} *" for module in STAR_IMPORTED)
        return (
            f"Python {version}; in scope without an import, as on LeetCode: from {stars}, "
            f"and the modules {', '.join(IMPORTED)} (builtins such as pow are never replaced); "
            "a method of `class Solution` is called on a new instance for every test"
        )

    def runtime(self) -> Runtime:
        """The interpreter and standard library a container image must carry."""
        version = f"{sys.version_info.major}.{sys.version_info.minor}"
        return Runtime(
            self.id,
            self.interpreter,
            self._stdlib_dirs,
            registry_base=f"python:{version}-slim",
            registry_executable=f"/usr/local/bin/python{version}",
        )

    def warm_sources(self) -> tuple[str, ...]:
        # The function runner, then what runs a whole program (a package's submission, its
        # validators, a Jobe run): compiling that one costs a millisecond of every run.
        return runner_source(), program_source()

    def explain(self, error_type: str, message: str, loading: bool) -> str:
        if error_type == "RecursionError" and not loading:
            return (
                f" It went {RECURSION_LIMIT:,} calls deep (the judge allows that many, as "
                "LeetCode does, far more than CPython's 1,000): unless the input is that large, "
                "the recursion is endless: does every recursive call move towards a base case? "
                "(If it is that large, keep a stack of your own in a loop.)"
            )
        if error_type == "MemoryError" and message.endswith("calls deep"):
            return (
                " A recursion that deep runs out of memory when it is endless or when every "
                "call copies what it is given (`board + [col]`): does every recursive call "
                "move towards a base case?"
            )
        advice = python2_error(error_type, message)
        if advice or not loading:
            return advice
        if error_type == "NameError":
            return (
                " A name must be defined or imported before the line that runs it: is it "
                "misspelt, or defined further down?"
            )
        return (
            " Code at the top level of the file runs when it is loaded; keep only "
            'definitions there (or guard it with `if __name__ == "__main__":`).'
        )

    def explain_syntax(self, message: str) -> str:
        return python2_syntax(message)

    def sanitized(
        self, submission: Submission, problem: Problem, sandbox: Sandbox
    ) -> Sanitized | None:
        return None

    def is_library_exception(self, name: str) -> bool:
        candidate = getattr(builtins, name, None)
        return isinstance(candidate, type) and issubclass(candidate, BaseException)

    def build(self, submission: Submission, problem: Problem, sandbox: Sandbox) -> Build:
        problem_text = source_problem(submission.source)
        if problem_text:
            return Build(None, problem_text)
        entries = problem.entry_names(self.id)
        # The student's own file name keeps tracebacks recognisable; anything odd is renamed.
        name = submission.path.name
        if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}\.py", name):
            name = "solution.py"
        runner = PythonRunner(
            runner_source(),
            (
                name,
                ",".join(entries),
                ",".join(param.name for param in problem.params),
                ";".join(param.type for param in problem.params),
                problem.returns,
            ),
        )
        return Build(
            Program(
                self.id,
                (self.interpreter, *BARE_PYTHON_FLAGS, "-c", runner.source, *runner.args),
                ((name, submission.source),),
                runtime_dirs=self.runtime_dirs,
                hidden=self.hidden,
                python_runner=runner,
            )
        )


NODE_CLASSES: Final = {
    "ListNode": (
        "class ListNode:\n"
        '    def __init__(self, val: int = 0, next: "ListNode | None" = None) -> None:\n'
        "        self.val = val\n"
        "        self.next = next\n"
    ),
    "TreeNode": (
        "class TreeNode:\n"
        "    def __init__(\n"
        "        self,\n"
        "        val: int = 0,\n"
        '        left: "TreeNode | None" = None,\n'
        '        right: "TreeNode | None" = None,\n'
        "    ) -> None:\n"
        "        self.val = val\n"
        "        self.left = left\n"
        "        self.right = right\n"
    ),
}


def _hint(kind: str) -> str:
    """A signature's type as a Python hint: `char` is a one-character str, `long` an int."""
    return re.sub(r"\b(char|long)\b", lambda found: {"char": "str", "long": "int"}[found[1]], kind)
