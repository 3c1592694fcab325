"""grader: an online-judge style grading harness for programming-lesson exercises."""

from __future__ import annotations

from .errors import GraderError, InternalError, ProblemError, SandboxError, UsageError
from .judge import grade, load_answers
from .problem import Limits, Problem, TestCase, Visibility, find_problem, load_problem
from .results import Report, SandboxInfo, SubmissionResult, TestResult
from .submission import Submission, read_submission
from .verdicts import Verdict

__version__ = "0.1.0"

__all__ = [
    "GraderError",
    "InternalError",
    "Limits",
    "Problem",
    "ProblemError",
    "Report",
    "SandboxError",
    "SandboxInfo",
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
    "read_submission",
]
