"""The contract every language meets: turn a submission into a Program, or a compile error."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from typing import Literal, Protocol

from ..problem import Problem
from ..sandbox.base import Program, Runtime, Sandbox
from ..submission import MAX_SOURCE_BYTES, Submission
from .programs import Programs

# How a language's source reads to the flags and the similarity of a class: Python's
# tokenizer and `ast`, or the brace languages' shared tokens.
SourceFamily = Literal["python", "brace"]


@dataclass(frozen=True, slots=True)
class PlusOne:
    """`plus_one(n: int) -> int` in a language, made from its own template: the function's
    name there, and the template's empty body with what replaces it. The smallest program
    the judge runs (`grader doctor`'s self-test; the measure of a runtime's start-up)."""

    entry: str
    empty_body: str
    body: str
    # A body that crashes, for the self-test of a language's sanitized rebuild (its report
    # must name the line); "" where the language has none.
    crash: str = ""


@dataclass(frozen=True, slots=True)
class Spoken:
    """A language as a problem takes it: its name and its files' extensions."""

    name: str
    extensions: tuple[str, ...]
    packages: tuple[tuple[str, str], ...]  # (command, Debian package) it builds with


@dataclass(frozen=True, slots=True)
class Build:
    """A runnable program, or (program None) the compile error the student sees."""

    program: Program | None
    compile_output: str = ""


@dataclass(frozen=True, slots=True)
class Sanitized:
    """The same submission rebuilt to find where it crashes (a sanitizer's report names the
    student's file as `student_file`), or the compile error that rebuild met."""

    build: Build
    student_file: str


class Language(Protocol):
    """Everything the grader knows of a language, in the language's own module: nothing
    else names a language (grader/languages/__init__.py registers it). Every language builds
    whole programs (`programs`: for problem packages, Jobe); a FunctionLanguage is also
    called into by function problems."""

    id: str
    name: str
    extensions: tuple[str, ...]  # of a submission's file; the first is the usual one
    family: SourceFamily  # how its source reads to the flags and the similarity of a class
    # What an image without the toolchain installs: (a command, the Debian/Ubuntu package
    # giving it), for Gradescope's image.
    packages: tuple[tuple[str, str], ...]
    programs: Programs
    calls_functions: bool  # True for a FunctionLanguage

    def missing(self) -> str:
        """Why this machine cannot build the language (naming the package), or ""."""
        ...


class FunctionLanguage(Language, Protocol):
    """A language function problems call into: its driver, its template, its errors."""

    time_factor: float  # on the problem's time limits, unless problem.yaml says otherwise
    file_name: str  # what the grader names a source it writes (a self-test, a Jobe run)
    plus_one: PlusOne
    batches_calls: bool  # its runner answers several calls in one request (Session.call_many)

    def build(self, submission: Submission, problem: Problem, sandbox: Sandbox) -> Build:
        """Prepare `submission` to run, compiling it in `sandbox` if the language needs it.
        Faults of the source are a Build with no program; a missing toolchain raises
        SandboxUnavailable naming the package to install."""
        ...

    def template(self, problem: Problem) -> str:
        """Starter code: the entry point with the problem's signature, an empty body."""
        ...

    def dialect(self) -> str:
        """What a submission may use beyond the bare language: the version the toolchain
        takes, the names in scope without an import. For `grader doctor` and the README."""
        ...

    def runtime(self) -> Runtime | None:
        """What a container image must carry for this language; None when its programs run
        from the host's toolchain, mounted read-only."""
        ...

    def warm_sources(self) -> tuple[str, ...]:
        """The Python runners a warm sandbox compiles once for every run (the first: the one
        a function problem's runs start), or none."""
        ...

    def explain(self, error_type: str, message: str, loading: bool) -> str:
        """What an exception the program raised means, after the runtime's own words: a
        sentence or two that starts with a space, or "". `loading`: raised while the file
        was loaded, before any test."""
        ...

    def explain_syntax(self, message: str) -> str:
        """The same for an error the file could not even be loaded with (Python's
        SyntaxError, its message and the offending line), or ""."""
        ...

    def sanitized(
        self, submission: Submission, problem: Problem, sandbox: Sandbox
    ) -> Sanitized | None:
        """`submission` built to name the line and the fault of a crash (a memory error,
        undefined behaviour), run once more only when a test crashed; None where the
        language's own runtime names the line already."""
        ...

    def is_library_exception(self, name: str) -> bool:
        """Whether `name` is an exception type of the language's own library, which a
        hidden test may name: never one a submission defines (its name could spell out the
        hidden input)."""
        ...


class ProgramLanguage:
    """A language graded only as whole programs (Jobe's Node.js, PHP, Octave, Pascal, and
    C): no function problem calls into it. Subclasses name it and give its `programs`."""

    id: str
    name: str
    extensions: tuple[str, ...]
    packages: tuple[tuple[str, str], ...]  # (command, Debian package) it builds with
    family: SourceFamily = "brace"
    programs: Programs
    calls_functions = False

    def missing(self) -> str:
        gone = [
            f"{command} (apt-get install {package})"
            for command, package in self.packages
            if shutil.which(command) is None
        ]
        return f"cannot build {self.name}: no {', '.join(gone)}" if gone else ""


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
