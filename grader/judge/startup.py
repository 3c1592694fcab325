"""What a language's runtime costs to start in a sandbox backend, measured once and kept.

Loading a submission may use that much CPU uncharged. What its own code does while it is
loaded beyond that (a precompute at import, a C++ static initializer, a static constructor)
is charged to the test called next: otherwise the work a too-slow solution does inside the
call could move to load time, and be free.
"""

from __future__ import annotations

import hashlib
import statistics
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Final

from ..__version__ import __version__
from ..languages.base import FunctionLanguage
from ..languages.plus_one import plus_one, plus_one_problem
from ..languages.toolcache import CACHE_ROOT, write_whole
from ..protocol import ReplyKind
from ..sandbox.base import Sandbox

LOADS: Final = 3  # the median of this many loads of the template is the start-up
# Start-up varies run to run (a JVM's by a tenth of a second): a load may use this much
# more than the measure before any of it is charged.
NOISE_FACTOR: Final = 1.5
NOISE_S: Final = 0.05


def load_allowance_s(language: FunctionLanguage, sandbox: Sandbox) -> float | None:
    """The CPU a load of a `language` submission may use uncharged in `sandbox`; None
    where it cannot be measured (then nothing of a load is charged)."""
    kept = CACHE_ROOT / "startup" / _key(language, sandbox)
    try:
        seconds = float(kept.read_text())
    except (OSError, ValueError):
        measured = _measure(language, sandbox)
        if measured is None:
            return None
        seconds = measured
        write_whole(kept, repr(seconds).encode())
    return seconds * NOISE_FACTOR + NOISE_S


def _key(language: FunctionLanguage, sandbox: Sandbox) -> str:
    """The backend as configured (its protections differ between runtimes and modes), the
    language, and this grader's version (its runners are part of the start-up)."""
    described = "\n".join((sandbox.name, *sandbox.protections(), language.id, __version__))
    return hashlib.sha256(described.encode()).hexdigest()[:24]


def _measure(language: FunctionLanguage, sandbox: Sandbox) -> float | None:
    """The median CPU of loading `plus_one` in `language` in `sandbox`."""
    with TemporaryDirectory(prefix="grader-startup-") as folder:
        problem = plus_one_problem(Path(folder))
        program = language.build(plus_one(language.id, problem), problem, sandbox).program
    if program is None:
        return None
    loads = []
    with sandbox.session(program, problem.limits, 0) as session:
        for _ in range(LOADS):
            outcome = session.load()
            if outcome.reply is None or outcome.reply.kind is not ReplyKind.READY:
                return None
            loads.append(outcome.cpu_s)
    return statistics.median(loads)
