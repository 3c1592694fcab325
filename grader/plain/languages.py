"""The languages of a Jobe server, as Jobe names them, each with how it is built and run and
Jobe's own defaults (its app/Libraries/*Task.php); plain.py runs them."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable
from typing import Final

from ..errors import SandboxUnavailable
from ..sandbox.base import Program
from ..sandbox.preparation import shell
from .python import python_recipe, python_version
from .run import CHECKED, Files, PlainArgs, PlainHost, PlainLanguage, Recipe, RecipeMaker

JAVA_CLASS: Final = re.compile(r"^(\w+)\.java$")


def _gcc(language: str, compiler_name: str) -> RecipeMaker:
    def recipe(name: str, files: Files, args: PlainArgs, host: PlainHost) -> Recipe:
        compiler = host_tool(compiler_name)
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
            [host_tool(compiler_name), "-dumpfullversion"], capture_output=True, text=True
        )
        return said.stdout.strip() or "unknown"

    return version


def host_tool(name: str, package: str = "") -> str:
    import shutil

    found = shutil.which(name)
    if found is None:
        raise SandboxUnavailable(f"{name} is not installed (apt-get install {package or name})")
    return found


def _java(name: str, files: Files, args: PlainArgs, host: PlainHost) -> Recipe:
    from ..languages.java import jdk

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


def _nodejs(name: str, files: Files, args: PlainArgs, host: PlainHost) -> Recipe:
    argv = (
        host_tool("node", "nodejs"),
        *args.words("interpreterargs"),
        name,
        *args.words("runargs"),
    )
    # V8 reserves far more address space than it uses: memory is bounded by the run's group.
    run = Program("nodejs", argv, files, runtime_dirs=("/usr",), limit_address_space=False)
    return Recipe(None, "", run)


def _php(name: str, files: Files, args: PlainArgs, host: PlainHost) -> Recipe:
    php = host_tool("php", "php-cli")
    # `php -l` says "No syntax errors" when there are none: only a failing check speaks.
    check = (
        f'said=$({php} -n -l "$1" 2>&1) || {{ printf "%s\\n" "$said" >&2; exit 1; }}; '
        f": > out/{CHECKED}"
    )
    build = Program("php", (shell(), "-c", check, "php-lint", name), files, ("/usr",))
    argv = (php, *args.words("interpreterargs"), name, *args.words("runargs"))
    return Recipe(build, CHECKED, Program("php", argv, files, runtime_dirs=("/usr",)))


def _octave(name: str, files: Files, args: PlainArgs, host: PlainHost) -> Recipe:
    argv = (host_tool("octave"), *args.words("interpreterargs"), name, *args.words("runargs"))
    return Recipe(None, "", Program("octave", argv, files, runtime_dirs=("/usr",)))


OCTAVE_NOISE: Final = (
    "error: ignoring octave_execution_exception",
    "error: No such file or directory",
)


def octave_stderr(said: str) -> str:
    """Octave's stderr as Jobe returns it: without the lines an error ends with that say
    nothing of the program's (Jobe's OctaveTask.filteredStderr)."""
    lines = said.replace("\r", "").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    for noise in OCTAVE_NOISE:
        if lines and lines[-1].startswith(noise):
            lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


def _pascal(name: str, files: Files, args: PlainArgs, host: PlainHost) -> Recipe:
    fpc = host_tool("fpc", "fp-compiler")
    # Its settings (the units' folders) by their real path: /etc/fpc.cfg is a chain of
    # links the sandbox does not hold.
    settings = os.path.realpath("/etc/fpc.cfg")
    given = " ".join(shlex.quote(word) for word in args.words("compileargs"))
    # As Jobe: what fpc says goes to a file, which is the compile error when no program came.
    script = (
        f'{fpc} -n @{shlex.quote(settings)} {given} -Fe"$1.err" -oout/prog "$1" >/dev/null 2>&1; '
        '[ -f out/prog ] || { cat "$1.err" >&2 2>/dev/null || echo "fpc failed" >&2; exit 1; }'
    )
    build = Program("pascal", (shell(), "-c", script, "fpc", name), files, ("/usr", settings))
    return Recipe(build, "prog", Program("pascal", ("./prog", *args.words("runargs")), ()))


def _version_said(command: str, package: str, pattern: str, *asked: str) -> Callable[[], str]:
    """The version `command --version` (or `command *asked`) says, found by `pattern`."""

    def version() -> str:
        import subprocess

        said = subprocess.run(
            [host_tool(command, package), *(asked or ("--version",))],
            capture_output=True,
            text=True,
        )
        found = re.search(pattern, said.stdout)
        return found[1] if found else "unknown"

    return version


def _java_version() -> str:
    from ..languages.java import jdk

    return jdk()[2].split()[-1]


PLAIN_LANGUAGES: Final[dict[str, PlainLanguage]] = {
    language.id: language
    for language in (
        # Jobe's defaults (its app/Libraries/*Task.php): 30 processes; python3 1000 MB
        # ("NumPy and matplotlib are greedy") and -BE; C as C99 and C++ as g++'s own, with
        # every warning an error and no optimisation; Java's heap and stack by its flags,
        # no memory limit, at least 256 processes (the sandbox's wall is lower); Node.js
        # strict, PHP without an ini file; Octave 500 MB, without its rc or a window;
        # Pascal verbose about errors and warnings, stopping at the first error.
        PlainLanguage(
            "python3",
            "prog.py",
            python_version,
            python_recipe,
            PlainArgs(interpreterargs=("-BE",)),
            memory_mib=1000,
        ),
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
            processes=256,
            processes_floor=256,
        ),
        PlainLanguage(
            "nodejs",
            "prog.js",
            _version_said("node", "nodejs", r"v([0-9.]+)"),
            _nodejs,
            PlainArgs(interpreterargs=("--use_strict",)),
        ),
        PlainLanguage(
            "php",
            "prog.php",
            _version_said("php", "php-cli", r"PHP ([0-9.]+)"),
            _php,
            PlainArgs(interpreterargs=("--no-php-ini",)),
        ),
        PlainLanguage(
            "octave",
            "prog.m",
            _version_said("octave", "octave", r"version ([0-9.]+)", "--version", "--norc"),
            _octave,
            PlainArgs(interpreterargs=("--norc", "--no-window-system", "--silent", "-H")),
            memory_mib=500,
            stderr=octave_stderr,
        ),
        PlainLanguage(
            "pascal",
            "prog.pas",
            _version_said("fpc", "fp-compiler", r"([0-9.]+)", "-iV"),
            _pascal,
            PlainArgs(compileargs=("-vew", "-Se")),
        ),
    )
}
