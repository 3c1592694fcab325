"""How a language builds and runs a whole program (a source that reads stdin and writes
stdout): what a problem package's submissions and validators are, and what a Jobe server
runs for Moodle's CodeRunner. A language says it once (`Programs`): the recipe, and the flags
a contest's judge (`Contest`) and Jobe (`JobeDefaults`) give it; grader/plain/ runs it."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..errors import SandboxUnavailable
from ..sandbox.base import Program

CHECKED: Final = "__checked__"  # what a check that compiles nothing leaves when it passes
Files = tuple[tuple[str, bytes], ...]


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


@dataclass(frozen=True, slots=True)
class PlainHost:
    """What of the host a Jobe server's administrator lets plain runs see: directories of
    Python packages (site directories of the interpreter, e.g. Debian's for python3-numpy),
    read-only, on python3's path as on Jobe's host; every other site directory stays hidden."""

    python_packages: tuple[str, ...] = ()


NOTHING_SHOWN: Final = PlainHost()
# (the sources to compile, the main one first; every file of the program; its arguments;
# what of the host it sees) -> how it is built and run.
RecipeMaker = Callable[[tuple[str, ...], Files, PlainArgs, PlainHost], Recipe]


@dataclass(frozen=True, slots=True)
class Contest:
    """The language as a contest's judge builds it (problemtools' languages.yaml is the
    model): optimised, warnings only warnings, compiled programs linked statically. A word
    `{memory_mib}` in `args` is the problem's memory limit (Java's heap)."""

    name: str  # as a contest's language list names it, with its flags
    args: PlainArgs
    starter: str  # a program that reads its input and writes nothing yet
    # The package format's code for it (its languages table), where that is not its id.
    code: str = ""


@dataclass(frozen=True, slots=True)
class JobeDefaults:
    """The language as a Jobe server offers it (its app/Libraries/*Task.php)."""

    name: str  # Jobe's id of the language
    default_file: str
    args: PlainArgs = PlainArgs()  # where a run_spec gives none
    memory_mib: int = 400  # Jobe's memorylimit where a run_spec gives none; 0: no limit
    processes: int = 30  # Jobe's numprocs where a run_spec gives none
    processes_floor: int = 1  # the fewest a run_spec may ask for (a JVM's own threads)
    stderr: Callable[[str], str] = str  # the run's stderr as Jobe returns it
    # The file name a source gives itself where none is sent (Java's public class), or "".
    named: Callable[[str], str] = lambda source: ""


@dataclass(frozen=True, slots=True)
class Programs:
    """How a language builds and runs a whole program, and who offers it so."""

    recipe: RecipeMaker
    version: Callable[[], str]  # SandboxUnavailable when its toolchain is missing
    contest: Contest | None = None  # None: problem packages do not take it
    jobe: JobeDefaults | None = None  # None: Jobe has no such language
    # A contest build's compile error (its compiler's words) with what they leave unsaid:
    # why the program failed to build, where the language knows more (Python 2 code).
    explained: Callable[[str], str] = lambda said: said
    # (source, its file's name) -> why its toolchain would build it wrongly (a compile error
    # before compiling: Mono's tuple swaps), or "".
    refused: Callable[[bytes, str], str] = lambda source, name: ""


def host_tool(name: str, package: str = "") -> str:
    """The host's `name` on PATH; SandboxUnavailable naming the package that gives it."""
    found = shutil.which(name)
    if found is None:
        raise SandboxUnavailable(f"{name} is not installed (apt-get install {package or name})")
    return found


def gcc_recipe(language: str, compiler_name: str) -> RecipeMaker:
    """gcc or g++ on the sources, linked statically with -lm always: the run sees no more
    of the host than it needs."""

    def recipe(sources: tuple[str, ...], files: Files, args: PlainArgs, _: PlainHost) -> Recipe:
        argv = (host_tool(compiler_name), *args.words("compileargs"), "-o", "out/prog")
        linked = (*argv, *sources, *args.words("linkargs"), "-lm", "-static")
        build = Program(language, linked, files, runtime_dirs=("/usr",))
        return Recipe(build, "prog", Program(language, ("./prog", *args.words("runargs")), ()))

    return recipe


def interpreted(
    language: str, command: str, package: str = "", limit_address_space: bool = True
) -> RecipeMaker:
    """The host's interpreter `command` on the main source: nothing is built."""

    def recipe(sources: tuple[str, ...], files: Files, args: PlainArgs, _: PlainHost) -> Recipe:
        words = args.words("interpreterargs")
        argv = (host_tool(command, package), *words, sources[0], *args.words("runargs"))
        run = Program(language, argv, files, ("/usr",), limit_address_space=limit_address_space)
        return Recipe(None, "", run)

    return recipe


def version_said(command: str, package: str, pattern: str, *asked: str) -> Callable[[], str]:
    """The version `command --version` (or `command *asked`) says, found by `pattern`."""

    def version() -> str:
        said = subprocess.run(
            [host_tool(command, package), *(asked or ("--version",))],
            capture_output=True,
            text=True,
            check=False,
        )
        found = re.search(pattern, said.stdout)
        return found[1] if found else "unknown"

    return version
