"""Which of the host's Python package folders a Jobe server's python3 runs may see
(`--jobe-python-packages`): never the grader's own (languages/python_programs.py runs them)."""

from __future__ import annotations

import os

from ..errors import UsageError
from ..sandbox.preparation import python_places


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
