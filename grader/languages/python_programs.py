"""Python as a whole program, as a Jobe server runs it: compiled first, then the host's
interpreter with `site` on, seeing the package folders an administrator chose
(`--jobe-python-packages`) and never the grader's own."""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path
from typing import Final

from ..sandbox.base import BARE_PYTHON_FLAGS, Program, PythonRunner
from ..sandbox.preparation import python_places
from .programs import CHECKED, Contest, Files, JobeDefaults, PlainArgs, PlainHost, Programs, Recipe
from .python_hints import PYTHON2, python2_syntax

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
# Where Debian's Python packages keep settings outside their folder, shown with them:
# matplotlib's rc (without it, it refuses to import), fontconfig's (or every plot says on
# stderr it has none, which CodeRunner takes for an error), and pylint's (Jobe's set-up
# writes one without the score line, which CodeRunner's pylint questions expect).
PACKAGE_SETTINGS: Final = ("/etc/matplotlibrc", "/etc/fonts", "/etc/pylintrc")
HOST_PYTHON: Final = "python3"
PROGRAM_SOURCE: Final = Path(__file__).with_name("_python_program.py")
# The interpreter's flags a warm runner (started with BARE_PYTHON_FLAGS, among them -I, -B)
# keeps as well as a fresh interpreter would: the program's environment is fixed anyway.
INLINE_FLAGS: Final = frozenset({"-B", "-E", "-BE", "-EB"})


def python_recipe(
    sources: tuple[str, ...], files: Files, args: PlainArgs, host: PlainHost
) -> Recipe:
    name = sources[0]
    places = python_places()
    # Labelled apart from "python" (a container's own interpreter, which a docker sandbox
    # swaps in): a whole program runs the host's, with the package folders shown to it.
    check = Program(
        HOST_PYTHON,
        (places.interpreter, *BARE_PYTHON_FLAGS, "-c", PYTHON_CHECK, name),
        files,
        runtime_dirs=places.runtime_dirs,
        hidden=places.hidden,
    )
    # Run as Jobe's host runs it: the program's folder first on the path (its support
    # modules import), `site` on, so the packages shown are found; the rest stay hidden.
    flags = args.words("interpreterargs")
    argv = (places.interpreter, *flags, name, *args.words("runargs"))
    shown = set(host.python_packages)
    hidden = tuple(folder for folder in places.hidden if folder not in shown)
    settings = tuple(path for path in PACKAGE_SETTINGS if shown and os.path.exists(path))
    trees = (*places.runtime_dirs, *settings)
    # A warm runner may run it in itself, as the interpreter would with these flags.
    inline = set(flags) <= INLINE_FLAGS
    runner = PythonRunner(program_source(), argv[len(flags) + 1 :]) if inline else None
    run = Program(HOST_PYTHON, argv, files, runtime_dirs=trees, hidden=hidden, python_runner=runner)
    return Recipe(check, CHECKED, run)


@cache
def program_source() -> str:
    """What a warm runner executes to run a whole program in itself."""
    return PROGRAM_SOURCE.read_text(encoding="utf-8")


def python_version() -> str:
    return ".".join(str(part) for part in sys.version_info[:3])


def python2_explained(said: str) -> str:
    """The check's SyntaxError with a sentence where the line is Python 2 (`print x`): the
    interpreter's words say what failed, not that the program is another language's."""
    lines = said.rstrip("\n").splitlines()
    error = next((line for line in reversed(lines) if line.startswith("SyntaxError: ")), "")
    offending = lines[1].strip() if len(lines) > 1 else ""
    advice = python2_syntax(f"{error.removeprefix('SyntaxError: ')}\n{offending}")
    if not advice:
        return said
    return (
        f"{said.rstrip()}\nPython 2 is not offered here: this judge runs Python "
        f"{python_version()}.{advice.removeprefix(PYTHON2)}"
    )


# Jobe's defaults: -BE, and 1000 MB ("NumPy and matplotlib are greedy").
PYTHON_PROGRAMS: Final = Programs(
    python_recipe,
    python_version,
    Contest(
        "Python 3",
        PlainArgs(interpreterargs=("-BE",)),
        "import sys\n\ndata = sys.stdin.read().split()\n",
        code="python3",
    ),
    JobeDefaults("python3", "prog.py", PlainArgs(interpreterargs=("-BE",)), memory_mib=1000),
    python2_explained,
)
