"""grader: an online-judge style grading harness for programming-lesson exercises.

The public API below is imported on first use (PEP 562): `grader --version` and every other
command start without loading what they do not need."""

# No `from __future__` and no importlib here: every command imports this package first,
# and a warm grader's client imports nothing else that is not built in (client.py).
from .__version__ import __version__

TYPE_CHECKING = False  # importing typing would cost every command several ms

if TYPE_CHECKING:
    from .errors import (
        GraderError,
        InternalError,
        ProblemError,
        SandboxError,
        SandboxUnavailable,
        UsageError,
    )
    from .judge import open_sandbox
    from .kinds import grade, load_answers, load_problem
    from .kinds.places import find_problem
    from .limits import Limits
    from .problem import Problem, TestCase, Visibility
    from .results import Report, SandboxInfo, SubmissionResult, TestResult
    from .sandbox import Sandbox, SandboxOptions
    from .submission import Submission, read_submission
    from .verdicts import Verdict

_HOMES = {
    ".errors": (
        "GraderError",
        "InternalError",
        "ProblemError",
        "SandboxError",
        "SandboxUnavailable",
        "UsageError",
    ),
    ".judge": ("open_sandbox",),
    ".kinds": ("grade", "load_answers", "load_problem"),
    ".limits": ("Limits",),
    ".problem": ("Problem", "TestCase", "Visibility"),
    ".kinds.places": ("find_problem",),
    ".results": ("Report", "SandboxInfo", "SubmissionResult", "TestResult"),
    ".sandbox": ("Sandbox", "SandboxOptions"),
    ".submission": ("Submission", "read_submission"),
    ".verdicts": ("Verdict",),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> object:
    if name not in _HOME_OF:
        raise AttributeError(f"module 'grader' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(_HOME_OF[name], __name__), name)


__all__ = [
    "GraderError",
    "InternalError",
    "Limits",
    "Problem",
    "ProblemError",
    "Report",
    "Sandbox",
    "SandboxError",
    "SandboxInfo",
    "SandboxOptions",
    "SandboxUnavailable",
    "Submission",
    "SubmissionResult",
    "TestCase",
    "TestResult",
    "UsageError",
    "Verdict",
    "Visibility",
    "__version__",
    "find_problem",
    "grade",
    "load_answers",
    "load_problem",
    "open_sandbox",
    "read_submission",
]
