"""The contract every language meets: turn a submission into a Program, or a compile error."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..problem import Problem
from ..sandbox.base import Program, Runtime, Sandbox
from ..submission import MAX_SOURCE_BYTES, Submission


@dataclass(frozen=True, slots=True)
class Build:
    """A runnable program, or (program None) the compile error the student sees."""

    program: Program | None
    compile_output: str = ""


class Language(Protocol):
    id: str
    name: str
    time_factor: float  # on the problem's time limits, unless problem.yaml says otherwise

    def build(self, submission: Submission, problem: Problem, sandbox: Sandbox) -> Build:
        """Prepare `submission` to run, compiling it in `sandbox` if the language needs it.
        Faults of the source are a Build with no program; a missing toolchain raises
        SandboxUnavailable naming the package to install."""
        ...

    def template(self, problem: Problem) -> str:
        """Starter code: the entry point with the problem's signature, an empty body."""
        ...

    def missing(self) -> str:
        """Why this machine cannot build the language (naming the package), or ""."""
        ...

    def dialect(self) -> str:
        """What a submission may use beyond the bare language: the version the toolchain
        takes, the names in scope without an import. For `grader doctor` and the README."""
        ...

    def runtime(self) -> Runtime | None:
        """What a container image must carry for this language; None when its programs run
        from the host's toolchain, mounted read-only."""
        ...


def source_problem(source: bytes) -> str:
    """Why `source` cannot be a program text at all, or "" when it can."""
    if len(source) > MAX_SOURCE_BYTES:
        return f"the file is larger than {MAX_SOURCE_BYTES // 1024} KiB"
    if not source.strip():
        return "the file is empty"
    if b"\0" in source:
        line = source[: source.index(b"\0")].count(b"\n") + 1
        return f"line {line} contains a NUL byte; save the file as plain text"
    try:
        source.decode("utf-8")
    except UnicodeDecodeError as error:
        line = source[: error.start].count(b"\n") + 1
        byte = source[error.start]
        return f"line {line} is not valid UTF-8 (byte 0x{byte:02x}); save the file as UTF-8"
    return ""
