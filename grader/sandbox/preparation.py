"""What a backend sets up around a child before the supervisor watches it: the environment,
the rlimits, the files going in, and the one safe way to take a build's artifact out."""

from __future__ import annotations

import math
import os
import shlex
import shutil
import sys
from dataclasses import dataclass, replace
from functools import cache
from typing import Final

from ..limits import STACK_BYTES, Limits
from .base import Program
from .files import WORKDIR

OPEN_FILES: Final = 64
START_MARGIN_S: Final = 1.0  # a runtime's own start-up, on top of the test's wall limit


def child_environment(workdir: str) -> dict[str, str]:
    """A fixed, minimal environment: none of the grader's variables reach the child."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": workdir,
        "TMPDIR": workdir,
    }


def rlimits(limits: Limits, calls: int, program: Program, file_bytes: int = 0) -> dict[str, int]:
    """The rlimits of a run, by their `prlimit` names; soft and hard are both set to each.
    CPU is a backstop for the whole session: the parent's watchdog enforces each call."""
    wanted = {
        "cpu": math.ceil(limits.time_s * (calls + 2)) + 1 + math.ceil(2 * START_MARGIN_S),
        "as": limits.memory_mib * 2**20,
        "fsize": (
            limits.file_mib * 2**20
            if limits.file_mib is not None
            else file_bytes or max(limits.output_kib, 1024) * 1024
        ),
        "nofile": OPEN_FILES,
        "core": 0,
        "stack": STACK_BYTES,
    }
    if not program.limit_address_space:
        del wanted["as"]
    return wanted


@dataclass(frozen=True, slots=True)
class PythonPlaces:
    """The base interpreter (not a virtual environment's: the venv holds the grader), the
    trees a sandbox must show for it, and every place third-party packages may live, which
    a sandbox must cover."""

    interpreter: str
    runtime_dirs: tuple[str, ...]
    hidden: tuple[str, ...]
    # What an image needs of those trees: the standard library (with its extension
    # modules); the executable and the libraries it links are added by the image's recipe.
    stdlib_dirs: tuple[str, ...]


@cache
def python_places() -> PythonPlaces:
    import site
    import sysconfig

    hidden = set(site.getsitepackages([sys.base_prefix, sys.base_exec_prefix]))
    for scheme_key in ("purelib", "platlib"):
        hidden.add(sysconfig.get_path(scheme_key, vars={"base": sys.base_prefix}))
    hidden.add(site.getusersitepackages())
    bases = {"installed_base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    return PythonPlaces(
        getattr(sys, "_base_executable", "") or sys.executable,
        tuple(sorted({sys.base_prefix, sys.base_exec_prefix})),
        tuple(sorted(hidden)),
        tuple(sorted({sysconfig.get_path(key, vars=bases) for key in ("stdlib", "platstdlib")})),
    )


def runner_request(program: Program, interpreter: str, **extra: object) -> dict[str, object]:
    """What a warm runner (the process backend's zygote, the docker backend's launcher) is
    told to become: `program`'s command, or, where the language marks it as the Python
    runner on the same `interpreter`, that runner's source to execute in itself; the run's
    environment, its files' names, and what the backend adds (`extra`)."""
    inline = program.inline_in(interpreter)
    return {
        "argv": list(program.argv),
        "inline": inline is not None,
        "source": inline.source if inline else "",
        "args": list(inline.args) if inline else [],
        "env": child_environment(WORKDIR),
        "files": [name for name, _ in program.files],
        "stdin": program.stdin,
        **extra,
    }


def stdin_by_shell(program: Program) -> Program:
    """`program` with a shell that opens its standard input for it and then becomes it, for
    a backend whose child cannot open the file itself."""
    if not program.stdin:
        return program
    return replace(
        program,
        argv=(shell(), "-c", f'exec "$@" < {shlex.quote(program.stdin)}', "grader-stdin")
        + program.argv,
        runtime_dirs=tuple(sorted({*program.runtime_dirs, "/usr"})),
        python_runner=None,
        stdin="",
    )


def shell() -> str:
    """The host's sh by its real path: a container has no /bin of its own."""
    found = shutil.which("sh") or "/bin/sh"
    return os.path.realpath(found)
