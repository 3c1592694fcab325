"""Python as a Jobe server runs it: compiled first, then the host's interpreter with
`site` on, seeing the package folders an administrator chose (`--jobe-python-packages`)
and never the grader's own."""

from __future__ import annotations

import os
from typing import Final

from ..errors import UsageError
from ..sandbox.base import BARE_PYTHON_FLAGS, Program
from ..sandbox.preparation import python_places
from .run import CHECKED, Files, PlainArgs, PlainHost, Recipe

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


def python_recipe(name: str, files: Files, args: PlainArgs, host: PlainHost) -> Recipe:
    places = python_places()
    check = Program(
        "python3",
        (places.interpreter, *BARE_PYTHON_FLAGS, "-c", PYTHON_CHECK, name),
        files,
        runtime_dirs=places.runtime_dirs,
        hidden=places.hidden,
    )
    # Run as Jobe's host runs it: the program's folder first on the path (its support
    # modules import), `site` on, so the packages shown are found; the rest stay hidden.
    argv = (places.interpreter, *args.words("interpreterargs"), name, *args.words("runargs"))
    shown = set(host.python_packages)
    hidden = tuple(folder for folder in places.hidden if folder not in shown)
    settings = tuple(path for path in PACKAGE_SETTINGS if shown and os.path.exists(path))
    trees = (*places.runtime_dirs, *settings)
    run = Program("python3", argv, files, runtime_dirs=trees, hidden=hidden)
    return Recipe(check, CHECKED, run)


def host_python_packages() -> tuple[str, ...]:
    """The site directories of the interpreter plain runs use, which `--jobe-python-packages`
    may show: any but the grader's own (its virtual environment, the folder it is in)."""
    import sys

    # A folder inside the grader's own, or holding it (a site-packages it is installed in).
    own = [os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))]
    if sys.prefix != sys.base_prefix:
        own.append(sys.prefix)
    own_roots = [os.path.realpath(folder) + os.sep for folder in own]
    return tuple(
        folder
        for folder in python_places().hidden
        if os.path.isdir(folder)
        and not any((os.path.realpath(folder) + os.sep).startswith(root) for root in own_roots)
        and not any(root.startswith(os.path.realpath(folder) + os.sep) for root in own_roots)
    )


def system_python_packages() -> tuple[str, ...]:
    """What plain Python runs see by default: the site directories the system's package
    manager fills (Debian's /usr/lib/python3/dist-packages: `apt-get install python3-numpy`),
    not pip's (/usr/local, a user's, a virtual environment's)."""
    return tuple(
        folder
        for folder in host_python_packages()
        if folder.startswith("/usr/lib/") and folder.endswith("/dist-packages")
    )


def python_version() -> str:
    import sys

    return ".".join(str(part) for part in sys.version_info[:3])


def chosen_python_packages(given: list[str] | None) -> tuple[str, ...]:
    """`--jobe-python-packages`: the folders named (none: the system's; "none": no folder),
    each one of host_python_packages(). Raises UsageError for any other."""
    if given is None:
        return system_python_packages()
    if given == ["none"]:
        return ()
    allowed = host_python_packages()
    for folder in given:
        if os.path.normpath(folder) not in allowed:
            raise UsageError(
                f"--jobe-python-packages {folder}: not a site directory of "
                f"{python_places().interpreter} that may be shown (one of: "
                f"{', '.join(allowed) or 'none'})"
            )
    return tuple(os.path.normpath(folder) for folder in given)
