"""Plain programs: a source file compiled if its language needs it, then run with a given
standard input, its stdout and stderr captured. What a Jobe server does for Moodle's
CodeRunner (service/jobe.py), in the same sandbox as every graded submission.

A sandbox's build is its run-to-the-end primitive (rlimits, watchdog, output caps, the same
namespaces or container, files in, one artifact out), so both steps are builds: the compiler
leaves its binary in out/, and the program's run is a shell that redirects the input file to
its standard input, then becomes the program."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from ...errors import SandboxUnavailable
from ...languages.compiled import shell
from ...limits import Limits
from ...sandbox.base import BARE_PYTHON_FLAGS, Program, RunOutcome, Sandbox, Termination

STDIN_FILE: Final = "__stdin__"
NO_ARTIFACT: Final = "__none__"  # a run leaves nothing the grader reads back
CHECKED: Final = "__checked__"  # what a check that compiles nothing leaves when it passes
# Python is compiled before it runs, as Jobe does (py_compile): a syntax error is a
# compile error with the interpreter's message, not a runtime error of every test.
PYTHON_CHECK: Final = (
    "import sys, traceback\n"
    "name = sys.argv[1]\n"
    "try:\n"
    "    compile(open(name, 'rb').read(), name, 'exec')\n"
    "except (SyntaxError, ValueError) as error:\n"
    "    sys.stderr.write(''.join(traceback.format_exception_only(error)))\n"
    "    sys.exit(1)\n"
    f"open('out/{CHECKED}', 'wb').close()\n"
)
COMPILE_LIMITS: Final = Limits(time_s=30.0, wall_s=60.0, memory_mib=2048, output_kib=256)
JAVA_CLASS: Final = re.compile(r"^(\w+)\.java$")


@dataclass(frozen=True, slots=True)
class Recipe:
    """How one program is built (None: it is not) and then run."""

    compile: Program | None
    artifact: str
    run: Program


@dataclass(frozen=True, slots=True)
class PlainArgs:
    """Jobe's word-list parameters: for the compiler, the linker, the interpreter, and the
    program itself. Each entry is split into words as a shell would (Jobe joins them into a
    command line: "-x c" is two words), but no shell ever reads them."""

    compileargs: tuple[str, ...] = ()
    linkargs: tuple[str, ...] = ()
    interpreterargs: tuple[str, ...] = ()
    runargs: tuple[str, ...] = ()

    def words(self, which: str) -> tuple[str, ...]:
        return tuple(word for entry in getattr(self, which) for word in shlex.split(entry))


Files = tuple[tuple[str, bytes], ...]


@dataclass(frozen=True, slots=True)
class PlainLanguage:
    id: str  # as Jobe names it
    default_file: str
    version: Callable[[], str]  # SandboxUnavailable when its toolchain is missing
    recipe: Callable[[str, Files, PlainArgs], Recipe]
    defaults: PlainArgs = PlainArgs()  # Jobe's, where a run_spec gives none
    memory_mib: int = 400  # Jobe's memorylimit where a run_spec gives none; 0: no limit


@dataclass(frozen=True, slots=True)
class PlainRun:
    """How it went: `compiled` False means the build failed (its message in `cmpinfo`)."""

    compiled: bool
    cmpinfo: str
    outcome: RunOutcome | None  # the program's run, when it was built


def run_plain(
    sandbox: Sandbox,
    language: PlainLanguage,
    source_name: str,
    source: bytes,
    stdin: bytes,
    extra_files: Mapping[str, bytes],
    limits: Limits,
    args: PlainArgs | None = None,
) -> PlainRun:
    """`args`: the run_spec's, each one given replacing the language's default."""
    files = ((source_name, source), *extra_files.items())
    recipe = language.recipe(source_name, files, args or language.defaults)
    run = recipe.run
    if recipe.compile is not None:
        built = sandbox.compile(recipe.compile, COMPILE_LIMITS, recipe.artifact)
        if built.outcome.termination is Termination.STARVED:
            return PlainRun(True, "", built.outcome)  # the machine's fault, not the source's
        said = jobe_text(built.outcome.stderr + built.outcome.stdout)
        if built.artifact is None or said.strip():
            # Whatever the compiler said, a warning too, is a compile error, as on Jobe.
            return PlainRun(False, said.strip() or _unbuilt(built.outcome), None)
        if recipe.artifact != CHECKED:
            run = replace(run, files=((recipe.artifact, built.artifact), *run.files))
    redirected = replace(
        run,
        argv=(shell(), "-c", f'exec "$@" < {STDIN_FILE}', "grader-stdin", *run.argv),
        files=((STDIN_FILE, stdin), *run.files),
        runtime_dirs=tuple(sorted({*run.runtime_dirs, "/usr"})),
    )
    # The run's output is its answer: all of it, up to the stream size, not a report's head.
    ran = sandbox.compile(redirected, replace(limits, keep_output=True), NO_ARTIFACT)
    return PlainRun(True, "", ran.outcome)


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


def _python(name: str, files: Files, args: PlainArgs) -> Recipe:
    from ...sandbox.preparation import python_places

    places = python_places()

    def python(*argv: str, given: tuple[tuple[str, bytes], ...]) -> Program:
        return Program(
            "python3",
            (places.interpreter, *BARE_PYTHON_FLAGS, *argv),
            given,
            runtime_dirs=places.runtime_dirs,
            hidden=places.hidden,
        )

    check = python("-c", PYTHON_CHECK, name, given=files)
    run = python(*args.words("interpreterargs"), name, *args.words("runargs"), given=files)
    return Recipe(check, CHECKED, run)


def _python_version() -> str:
    import sys

    return ".".join(str(part) for part in sys.version_info[:3])


def _gcc(language: str, compiler_name: str) -> Callable[[str, Files, PlainArgs], Recipe]:
    def recipe(name: str, files: Files, args: PlainArgs) -> Recipe:
        compiler = _tool(compiler_name)
        argv = (compiler, *args.words("compileargs"), "-o", "out/prog", name)
        # Linked statically, -lm always: the run sees no more of the host than it needs.
        linked = (*argv, *args.words("linkargs"), "-lm", "-static")
        build = Program(language, linked, files, runtime_dirs=("/usr",))
        return Recipe(build, "prog", Program(language, ("./prog", *args.words("runargs")), ()))

    return recipe


def _gcc_version(compiler_name: str) -> Callable[[], str]:
    def version() -> str:
        import subprocess

        said = subprocess.run(
            [_tool(compiler_name), "-dumpfullversion"], capture_output=True, text=True
        )
        return said.stdout.strip() or "unknown"

    return version


def _tool(name: str) -> str:
    import shutil

    found = shutil.which(name)
    if found is None:
        raise SandboxUnavailable(f"{name} is not installed (apt-get install {name})")
    return found


def _java(name: str, files: Files, args: PlainArgs) -> Recipe:
    from ...languages.java import jdk

    home, trees, _ = jdk()
    matched = JAVA_CLASS.match(name)
    main_class = matched.group(1) if matched else "Main"
    given = " ".join(shlex.quote(word) for word in args.words("compileargs"))
    script = (
        f"{home}/bin/javac -J-Xmx512m -J-XX:+UseSerialGC -encoding UTF-8 -nowarn {given} "
        f"-d classes {name} && {home}/bin/jar --create --file out/prog.jar -C classes ."
    )
    build = Program("java", (shell(), "-c", script), files, trees, limit_address_space=False)
    java = (f"{home}/bin/java", "-XX:+UseSerialGC", "-XX:-UsePerfData")
    argv = (*java, *args.words("interpreterargs"), "-cp", "prog.jar", main_class)
    run = Program("java", (*argv, *args.words("runargs")), (), trees, limit_address_space=False)
    return Recipe(build, "prog.jar", run)


def _java_version() -> str:
    from ...languages.java import jdk

    return jdk()[2].split()[-1]


PLAIN_LANGUAGES: Final[dict[str, PlainLanguage]] = {
    language.id: language
    for language in (
        # Jobe's defaults (its app/Libraries/*Task.php): python3 1000 MB ("NumPy and
        # matplotlib are greedy"); C as C99 and C++ as g++'s own, with every warning an
        # error and no optimisation; Java's heap and stack by its flags, no memory limit.
        PlainLanguage("python3", "prog.py", _python_version, _python, memory_mib=1000),
        PlainLanguage(
            "c",
            "prog.c",
            _gcc_version("gcc"),
            _gcc("c", "gcc"),
            PlainArgs(compileargs=("-Wall", "-Werror", "-std=c99", "-x c")),
        ),
        PlainLanguage(
            "cpp",
            "prog.cpp",
            _gcc_version("g++"),
            _gcc("cpp", "g++"),
            PlainArgs(compileargs=("-Wall", "-Werror")),
        ),
        PlainLanguage(
            "java",
            "Main.java",
            _java_version,
            _java,
            PlainArgs(interpreterargs=("-Xss8m", "-Xmx200m")),
            memory_mib=0,
        ),
    )
}
