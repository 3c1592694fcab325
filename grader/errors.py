"""Errors the harness raises. A submission's faults are never exceptions: they are verdicts.

GraderError                  anything the harness reports instead of a result
├── UsageError               a bad command line, a missing or unknown file      (exit 2)
│   └── SandboxUnavailable   the chosen sandbox cannot run here: why, and the fix (exit 2)
├── ProblemError             a problem definition is wrong: names file:line: key (exit 2)
│   └── ReferenceMismatch    trusted references disagree on a test              (exit 2)
├── DatabaseUnavailable      the database is unreachable or full now: the service answers 503
└── InternalError            a fault of the harness itself: the IE verdict      (exit 3)
    └── SandboxError         the sandbox could not start or supervise a run

InputError (a ValueError): an input a student typed to run their code on, which the problem
cannot take; said back to them as a form's error.
"""

from __future__ import annotations

# The command line's exit statuses: every submission AC (or the command succeeded); some
# submission not AC (or answers are stale); a usage or problem error; an internal error.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class GraderError(Exception):
    """Base of every error the harness raises on purpose."""


class UsageError(GraderError):
    """The user asked for something that cannot be done (unknown file, bad option)."""


class DatabaseUnavailable(GraderError):
    """The database cannot be reached or written now (restarted, a full disk): a service
    answers 503 and tries again later; nothing is lost."""


class SandboxUnavailable(UsageError):
    """A backend cannot work on this machine (no engine, no image): the message says why
    and how to fix it."""


class ProblemError(GraderError):
    """A problem folder is invalid. The message reads `file:line: key: what is wrong`."""

    def __init__(self, file: str, line: int | None, key: str, problem: str) -> None:
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
        where = f"{file}:{line}" if line is not None else file
        super().__init__(f"{where}: {key}: {problem}" if key else f"{where}: {problem}")


class ReferenceMismatch(ProblemError):
    """Two trusted reference solutions gave different answers for one test."""


class InternalError(GraderError):
    """The harness itself failed; reported as verdict IE, never blamed on the submission."""


class SandboxError(InternalError):
    """The sandbox could not start or supervise a child process."""


class InputError(ValueError):
    """A typed input the problem cannot take: said to the student, as a form's error."""
