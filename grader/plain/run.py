"""Plain programs: a source file compiled if its language needs it, then run with a given
standard input, its stdout and stderr captured. What a Jobe server does for Moodle's
CodeRunner (service/jobe_routes.py), and what a problem package's test is (packages/judge.py),
in the same sandbox as every graded submission; each language's recipe, with Jobe's defaults,
is in its module (grader/languages/).

A sandbox's build is its run-to-the-end primitive (rlimits, watchdog, output caps, the same
namespaces or container, files in, one artifact out), so both steps are builds: the compiler
leaves its binary in out/, and the program's run reads the input file as its standard input
(`Program.stdin`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from ..languages.base import Language
from ..languages.programs import CHECKED, NOTHING_SHOWN, PlainArgs, PlainHost, Recipe
from ..limits import Limits
from ..sandbox.base import Program, RunOutcome, Sandbox, Termination

STDIN_FILE: Final = "__stdin__"
COMPILE_LIMITS: Final = Limits(time_s=30.0, wall_s=60.0, memory_mib=2048, output_kib=256)
# How each language says it ran out of memory when an allocation is refused (the address
# space rlimit) rather than the kernel killing it.
OUT_OF_MEMORY_SAID: Final = (b"MemoryError", b"std::bad_alloc", b"java.lang.OutOfMemoryError")


@dataclass(frozen=True, slots=True)
class RunSpec:
    """One Jobe run as the endpoint read it: a source in a language (Jobe's, or a problem's
    own `nqueens-python`), its input and support files, its limits, and its arguments (None:
    the language's defaults)."""

    language: str
    source: bytes
    source_name: str
    limits: Limits
    stdin: bytes = b""
    files: Mapping[str, bytes] = field(default_factory=dict)
    args: PlainArgs | None = None


@dataclass(frozen=True, slots=True)
class PlainRun:
    """How it went: `compiled` False means the build failed (its message in `cmpinfo`)."""

    compiled: bool
    cmpinfo: str
    outcome: RunOutcome | None  # the program's run, when it was built


def run_plain(
    sandbox: Sandbox, language: Language, spec: RunSpec, host: PlainHost = NOTHING_SHOWN
) -> PlainRun:
    """Build `spec`'s source if its language needs it, then run it on its input, as Jobe
    does (its defaults where `spec` gives no arguments)."""
    files = ((spec.source_name, spec.source), *spec.files.items())
    jobe = language.programs.jobe
    args = spec.args or (jobe.args if jobe else PlainArgs())
    recipe = language.programs.recipe((spec.source_name,), files, args, host)
    built = build_plain(sandbox, recipe)
    if built.program is None:
        return PlainRun(built.compiled, built.cmpinfo, built.outcome)
    return PlainRun(True, "", run_built(sandbox, built.program, spec.stdin, spec.limits))


@dataclass(frozen=True, slots=True)
class PlainBuild:
    """A recipe built: the program to run (None: it was not built, `cmpinfo` says why, or
    the machine starved the build: `compiled` True with the build's `outcome`)."""

    program: Program | None
    compiled: bool = True
    cmpinfo: str = ""
    outcome: RunOutcome | None = None
    warnings: str = ""  # what the compiler said of a program it built


def build_plain(
    sandbox: Sandbox,
    recipe: Recipe,
    limits: Limits = COMPILE_LIMITS,
    warnings_fail: bool = True,
) -> PlainBuild:
    """The recipe's program with what its build produced in its files. As on Jobe, any word
    from the compiler fails the build unless `warnings_fail` is False (a contest's judge:
    only a missing program does)."""
    if recipe.compile is None:
        return PlainBuild(recipe.run)
    built = sandbox.compile(recipe.compile, limits, recipe.artifact)
    if built.outcome.termination is Termination.STARVED:
        return PlainBuild(None, True, "", built.outcome)  # the machine's fault, not the source's
    said = jobe_text(built.outcome.stderr + built.outcome.stdout)
    if built.artifact is None or (warnings_fail and said.strip()):
        return PlainBuild(None, False, said.strip() or _unbuilt(built.outcome))
    run = recipe.run
    if recipe.artifact != CHECKED:
        run = replace(run, files=((recipe.artifact, built.artifact), *run.files))
    return PlainBuild(run, warnings=said.strip())


def run_built(
    sandbox: Sandbox, program: Program, stdin: bytes, limits: Limits, *extra: tuple[str, bytes]
) -> RunOutcome:
    """`program` run once on `stdin` to its end, every byte of its output kept up to the
    limit (its output is its answer, not a report's head). `extra` files go beside it."""
    redirected = replace(
        program,
        files=((STDIN_FILE, stdin), *extra, *program.files),
        runtime_dirs=tuple(sorted({*program.runtime_dirs, "/usr"})),
        stdin=STDIN_FILE,
    )
    return sandbox.run(redirected, replace(limits, keep_output=True))


def jobe_text(data: bytes) -> str:
    """Output as Jobe returns it: as it is when it is UTF-8; otherwise each byte that is
    neither printable ASCII nor a newline, return or tab written `\\xNN`, so nothing is
    lost to U+FFFD."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "".join(
            chr(byte) if 0x20 <= byte <= 0x7E or byte in b"\n\r\t" else f"\\x{byte:02x}"
            for byte in data
        )


def _unbuilt(outcome: RunOutcome) -> str:
    if outcome.termination in (Termination.CPU_LIMIT, Termination.WALL_LIMIT):
        return "the compiler ran out of time"
    if outcome.termination is Termination.MEMORY_LIMIT:
        return "the compiler ran out of memory"
    return f"the compiler failed ({outcome.termination}, exit code {outcome.exit_code})"
