"""What every compiled language shares: build in the sandbox, cache by content, and turn the
compiler's output into a message about the student's own file.

A language module describes its toolchain, how the student's file and the harness's driver
become one compilable unit, and how to run the result; this module does the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final, TypeVar

from ..errors import InternalError, SandboxUnavailable
from ..limits import Limits
from ..problem import Problem
from ..sandbox.base import Program, RunOutcome, Runtime, Sandbox, Termination
from ..submission import Submission
from .base import Build, Sanitized, SourceFamily, source_problem
from .build_cache import cached_build, kept, taken
from .declarations import method_outside_class, refused
from .diagnostics import ERROR, head, student_diagnostics, without_prefix
from .signatures import Spelling, supported_params

T = TypeVar("T")
BUILD_LIMITS: Final = Limits(time_s=30.0, wall_s=60.0, memory_mib=2048, output_kib=256)
DRIVERS: Final = Path(__file__).with_name("drivers")


@dataclass(frozen=True, slots=True)
class Unit:
    """The files one build compiles, and how the student's file is named in them."""

    files: tuple[tuple[str, bytes], ...]
    student_file: str
    student_lines: int  # lines past this in the student's file are the driver's
    signature: str  # what the driver calls, for a student whose code does not fit it
    shown_as: str = ""  # the student's own name for a file the compiler needs renamed
    line_one_prefix: str = ""  # what the judge put before the student's first line (imports)


@dataclass(frozen=True, slots=True)
class Refusal:
    """What a driver can never build beside (a `main` of the student's own, a package): the
    pattern of its declaration, and the advice the compile error gives ({entry}: the entry
    point's name)."""

    pattern: str
    advice: str


@dataclass(frozen=True, slots=True)
class CompileRecipe:
    """How one unit is built and run: the compiler's program, the file it makes, what
    besides the sources decides that file (the toolchain's version, a prebuilt library),
    and the program that runs it (given the artifact among its files)."""

    compile: Program
    artifact: str
    toolchain_key: str
    run: Program


class CompiledLanguage:
    """What the compiled languages share: the build (`build`, a template as DMOJ's
    CompiledExecutor's), which asks each language for its steps: the files it compiles
    (`unit_files`) and how (`recipe`)."""

    id: str
    short_name: str  # in messages: "C++", "C#"
    extensions: tuple[str, ...]
    file_name: str
    spelling: Spelling
    family: SourceFamily = "brace"
    refusals: tuple[Refusal, ...] = ()
    # The student's code as the driver needs it, around the method's signature (`{}`).
    signature_shape: str = "class Solution {{ {} }}"
    # Whether the compiler needs the student's file under a name of its own (javac: a public
    # class's), messages then showing the student's.
    renames_student_file: bool = False
    # Whether a method must be declared in a class (Java, C#): one outside is told so.
    methods_in_class: bool = False
    # What `unit_files` puts on the student's first line (imports), so line numbers stay.
    line_one_prefix: str = ""

    def toolchain(self) -> object:
        """The toolchain's paths and version; SandboxUnavailable naming the package."""
        raise NotImplementedError

    def unit_files(
        self, submission: Submission, problem: Problem, entry: str, student: str, sanitized: bool
    ) -> tuple[tuple[str, bytes], ...]:
        """The files one build compiles: the student's (as `student`) and the driver's."""
        raise NotImplementedError

    def recipe(self, unit: Unit, problem: Problem, sanitized: bool) -> CompileRecipe:
        """How `unit` is compiled and its result run (`sanitized`: rebuilt to find a crash)."""
        raise NotImplementedError

    def build(self, submission: Submission, problem: Problem, sandbox: Sandbox) -> Build:
        unit = self.unit(submission, problem, sanitized=False)
        if isinstance(unit, Build):
            return unit
        return self.explained(
            build_in_sandbox(submission, sandbox, self.id, unit, self.recipe(unit, problem, False))
        )

    def unit(self, submission: Submission, problem: Problem, sanitized: bool) -> Unit | Build:
        """What one build compiles, or the compile error of a file that declares what the
        driver supplies."""
        self.toolchain()  # a missing toolchain says so before anything is written
        entry = entry_point(problem, self.id, submission.source)
        supported_params(problem, self.short_name)
        student = (
            self.file_name
            if self.renames_student_file
            else student_file_name(submission, self.extensions[0], self.file_name)
        )
        shown = submission.path.name if self.renames_student_file else student
        if self.methods_in_class:
            outside = method_outside_class(
                submission.source, shown, self.short_name, self.spelling.wrapper
            )
            if outside:
                return Build(None, outside)
        for refusal in self.refusals:
            found = refused(
                submission.source, shown, refusal.pattern, refusal.advice.format(entry=entry)
            )
            if found:
                return Build(None, found)
        return Unit(
            self.unit_files(submission, problem, entry, student, sanitized),
            student,
            line_count(submission.source),
            self.signature_shape.format(self.spelling.signature(problem, entry)),
            shown_as=submission.path.name if self.renames_student_file else "",
            line_one_prefix=self.line_one_prefix,
        )

    def explained(self, build: Build) -> Build:
        """A build's compile error with what this toolchain's messages leave unsaid."""
        return build

    def template(self, problem: Problem) -> str:
        return self.spelling.starter(problem, problem.entry_names(self.id)[0])

    def missing(self) -> str:
        try:
            self.toolchain()
        except SandboxUnavailable as error:
            return str(error)
        return ""

    def dialect(self) -> str:
        raise NotImplementedError

    def runtime(self) -> Runtime | None:
        return None  # built and run from the host's toolchain, mounted read-only

    def warm_sources(self) -> tuple[str, ...]:
        return ()  # an executable, started afresh for every run

    def explain(self, error_type: str, message: str, loading: bool) -> str:
        if not loading:
            return ""
        return (
            " Code that runs as the program starts (a static initializer, a global's "
            "constructor) runs before any test; keep only definitions there."
        )

    def explain_syntax(self, message: str) -> str:
        return ""  # the compiler has said it already

    def sanitized(
        self, submission: Submission, problem: Problem, sandbox: Sandbox
    ) -> Sanitized | None:
        return None

    def is_library_exception(self, name: str) -> bool:
        return False


def student_file_name(submission: Submission, extension: str, default: str) -> str:
    """The student's own file name where it is safe; tracebacks and errors stay familiar."""
    name = submission.path.name
    if re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", name) and name.endswith(extension):
        return name
    return default


def entry_point(problem: Problem, language: str, source: bytes) -> str:
    """The accepted name the student's file defines (the first the source mentions), else
    the lesson's own, which the compiler's complaint will then be about."""
    names = problem.entry_names(language)
    text = source.decode("utf-8", "replace")
    return next((name for name in names if re.search(rf"\b{name}\s*\(", text)), names[0])


def driver_source(file_name: str, call: str, arguments_setup: str = "") -> str:
    """The harness's driver for a language, with the entry point's call filled in (and, where
    a language needs them first, the statements that prepare its arguments)."""
    text = (DRIVERS / file_name).read_text(encoding="utf-8")
    return text.replace("GRADER_ARGS", arguments_setup).replace("GRADER_CALL", call)


def line_count(source: bytes) -> int:
    return source.count(b"\n") + 1


def build_in_sandbox(
    submission: Submission, sandbox: Sandbox, kind: str, unit: Unit, recipe: CompileRecipe
) -> Build:
    """Compile `unit` by `recipe` in the sandbox (or take the cached artifact of the same
    sources and toolchain), then return the recipe's run with the artifact among its files.
    `kind` names the builds the cache keeps apart (a language, its sanitized rebuild)."""
    problem_text = source_problem(submission.source)
    if problem_text:
        return Build(None, problem_text)
    cached = cached_build(kind, recipe.toolchain_key, unit.files)
    binary = taken(cached)
    if binary is None:
        compiled = sandbox.compile(recipe.compile, BUILD_LIMITS, recipe.artifact)
        if compiled.outcome.termination is Termination.STARVED:
            raise InternalError(
                f"the grader's machine was too busy to compile {submission.shown}: "
                f"{compiled.outcome.cpu_s:.2f} s of CPU in {compiled.outcome.wall_s:.2f} s, "
                "twice; grade it again when the machine is quieter"
            ) from None
        if compiled.artifact is None:
            return Build(None, compile_message(compiled.outcome, unit))
        binary = compiled.artifact
        kept(cached, binary)
    run = recipe.run
    return Build(replace(run, files=((recipe.artifact, binary), *run.files)))


def compile_message(outcome: RunOutcome, unit: Unit) -> str:
    """The compiler's complaint, cut to the diagnostics about the student's file; errors
    only in the driver mean the student's code does not fit the signature it calls."""
    if (
        outcome.termination is Termination.CPU_LIMIT
        or outcome.termination is Termination.WALL_LIMIT
    ):
        return f"compilation took longer than {BUILD_LIMITS.time_s:g} s"
    if outcome.termination is Termination.MEMORY_LIMIT:
        return f"compilation used more than {BUILD_LIMITS.memory_mib} MiB of memory"
    text = (outcome.stderr + outcome.stdout).decode("utf-8", "replace")
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)
    own = without_prefix(
        student_diagnostics(text, unit.student_file, unit.student_lines),
        unit.student_file,
        unit.line_one_prefix,
    )
    if own:
        return own.replace(unit.student_file, unit.shown_as) if unit.shown_as else own
    lines = text.splitlines()
    first = next((index for index, line in enumerate(lines) if ERROR.search(line)), None)
    # The driver's own files (GraderMain.java, grader-driver.cpp) or the driver's lines
    # appended to the student's: their errors are about how the student's code is called.
    files = "|".join(re.escape(name) for name, _ in unit.files)
    in_driver = re.search(rf"(?:{files}|grader-driver\.\w+)[:(]\d+", text)
    if first is not None and in_driver:
        return (
            f"{unit.shown_as or unit.student_file}: your code does not fit the expected "
            f"signature `{unit.signature}`: {_driver_error(lines[first:])}"
        )
    return "compilation failed:\n" + head(text)


def _driver_error(lines: list[str]) -> str:
    """The compiler's sentence for an error in the driver, without its location and code
    (javac's symbol line kept; mcs's guess about assembly references left out)."""
    said = re.split(r"\berror\b(?:\[\w+\]| CS\d+)?:?", lines[0], maxsplit=1)[-1].strip()
    said = re.sub(r" and no extension method .*$", "", said)
    symbol = next((line.strip() for line in lines[1:4] if line.strip().startswith("symbol:")), "")
    return f"{said} ({' '.join(symbol.split())})" if symbol else said


def missing_toolchain(language: str, package: str, why: str) -> SandboxUnavailable:
    return SandboxUnavailable(f"cannot build {language}: {why}; install {package}")
