"""The languages of a Jobe server, as Jobe names them, each with how it is built and run and
Jobe's own defaults (its app/Libraries/*Task.php); plain.py runs them."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from typing import Final

from ...errors import SandboxUnavailable
from ...languages.compiled import shell
from ...sandbox.base import BARE_PYTHON_FLAGS, Program
from .plain import CHECKED, Files, PlainArgs, PlainLanguage, Recipe

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
JAVA_CLASS: Final = re.compile(r"^(\w+)\.java$")


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


def _tool(name: str, package: str = "") -> str:
    import shutil

    found = shutil.which(name)
    if found is None:
        raise SandboxUnavailable(f"{name} is not installed (apt-get install {package or name})")
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


def _nodejs(name: str, files: Files, args: PlainArgs) -> Recipe:
    argv = (_tool("node", "nodejs"), *args.words("interpreterargs"), name, *args.words("runargs"))
    # V8 reserves far more address space than it uses: memory is bounded by the run's group.
    run = Program("nodejs", argv, files, runtime_dirs=("/usr",), limit_address_space=False)
    return Recipe(None, "", run)


def _php(name: str, files: Files, args: PlainArgs) -> Recipe:
    php = _tool("php", "php-cli")
    # `php -l` says "No syntax errors" when there are none: only a failing check speaks.
    check = (
        f'said=$({php} -n -l "$1" 2>&1) || {{ printf "%s\\n" "$said" >&2; exit 1; }}; '
        f": > out/{CHECKED}"
    )
    build = Program("php", (shell(), "-c", check, "php-lint", name), files, ("/usr",))
    argv = (php, *args.words("interpreterargs"), name, *args.words("runargs"))
    return Recipe(build, CHECKED, Program("php", argv, files, runtime_dirs=("/usr",)))


def _version_said(command: str, package: str, pattern: str) -> Callable[[], str]:
    def version() -> str:
        import subprocess

        said = subprocess.run(
            [_tool(command, package), "--version"], capture_output=True, text=True
        )
        found = re.search(pattern, said.stdout)
        return found[1] if found else "unknown"

    return version


def _java_version() -> str:
    from ...languages.java import jdk

    return jdk()[2].split()[-1]


PLAIN_LANGUAGES: Final[dict[str, PlainLanguage]] = {
    language.id: language
    for language in (
        # Jobe's defaults (its app/Libraries/*Task.php): python3 1000 MB ("NumPy and
        # matplotlib are greedy"); C as C99 and C++ as g++'s own, with every warning an
        # error and no optimisation; Java's heap and stack by its flags, no memory limit;
        # Node.js strict, PHP without an ini file.
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
    )
}
