"""A test's limits, and every rlimit a run is given: one table says, for each, its resource,
the Docker engine's name for it and what it bounds. The process backend sets them with
prlimit (or in its warm runner), the docker backend as the container's ulimits; the
protections both report are read from here too."""

from __future__ import annotations

import resource
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Final

PIDS_MAX: Final = 64  # processes and threads of one run: a fork or thread bomb meets this wall


@dataclass(frozen=True, slots=True)
class Limits:
    time_s: float  # CPU seconds per test
    wall_s: float  # wall-clock seconds per test (catches sleeping)
    memory_mib: int
    output_kib: int  # stdout + stderr per test; more is OLE
    # Per language, a factor on time_s and wall_s (a JVM starts and warms up slowly).
    time_factors: Mapping[str, float] = field(default_factory=dict)
    # The CPU a load may use uncharged (the runtime's own start-up, judge/startup.py); what
    # a load uses beyond it counts towards the next call's time_s. None: nothing is charged.
    load_allowance_s: float | None = None
    # A run whose output is its answer (a Jobe run): every byte up to output_kib is kept.
    # Otherwise the report keeps a head of each stream (sandbox/frames.py's OUTPUT_HEAD).
    keep_output: bool = False
    # At most this many processes and threads at once (Jobe's numprocs), within the
    # sandbox's own wall; None: that wall (PIDS_MAX).
    processes: int | None = None
    # The largest file a run may write, in MiB (Jobe's disklimit); None: the backend's own.
    file_mib: int | None = None
    # CPU seconds of a whole submission, all its tests together (LeetCode's total runtime):
    # what one warm runner does for a later test during earlier ones is counted here.
    # None: the sum of the tests' own limits.
    total_time_s: float | None = None

    @property
    def kept_output_bytes(self) -> int | None:
        """How much of each stream a run keeps; None: the report's head."""
        return self.output_kib * 1024 if self.keep_output else None

    @property
    def process_cap(self) -> int:
        """How many processes and threads the run may have at once."""
        return PIDS_MAX if self.processes is None else max(1, min(self.processes, PIDS_MAX))

    def for_language(self, language: str, default_factor: float) -> Limits:
        factor = self.time_factors.get(language, default_factor)
        total = None if self.total_time_s is None else self.total_time_s * factor
        return replace(
            self, time_s=self.time_s * factor, wall_s=self.wall_s * factor, total_time_s=total
        )

    def total_for(self, tests: int) -> float:
        """The CPU seconds all `tests` of a submission may use together."""
        return self.time_s * tests if self.total_time_s is None else self.total_time_s


@dataclass(frozen=True, slots=True)
class Rlimit:
    resource: int  # resource.RLIMIT_*
    docker: str  # the engine's ulimit of that name bounds the same (or, for "as", the nearest)
    bounds: str  # for the protections a backend reports


# A run's stack: recursion as deep as LeetCode allows (Python's 100,000 calls, those through
# C included; a C++ or Rust depth-first search of a long chain). Set before the program
# starts, as some kernels (gVisor's) size the main stack then; it is memory when used.
STACK_BYTES: Final = 64 * 2**20
# By their `prlimit` names, which is how a run's rlimits are keyed everywhere.
RLIMITS: Final[Mapping[str, Rlimit]] = {
    "cpu": Rlimit(resource.RLIMIT_CPU, "cpu", "CPU seconds of a whole session (a backstop)"),
    # Docker has no address-space ulimit: the data segment (and the memory cgroup) instead.
    "as": Rlimit(resource.RLIMIT_AS, "data", "address space (the memory limit)"),
    "fsize": Rlimit(resource.RLIMIT_FSIZE, "fsize", "the size of any file written"),
    "nofile": Rlimit(resource.RLIMIT_NOFILE, "nofile", "open files"),
    "core": Rlimit(resource.RLIMIT_CORE, "core", "core dumps (none)"),
    "stack": Rlimit(resource.RLIMIT_STACK, "stack", "the main thread's stack (64 MiB)"),
    "nproc": Rlimit(resource.RLIMIT_NPROC, "nproc", f"processes and threads ({PIDS_MAX})"),
}


def rlimit_numbers(wanted: Mapping[str, int]) -> list[tuple[int, int]]:
    """(resource number, value) for each rlimit by its `prlimit` name."""
    return [(RLIMITS[name].resource, value) for name, value in wanted.items()]


def docker_ulimits(wanted: Mapping[str, int]) -> dict[str, int]:
    """The same rlimits by the engine's ulimit names."""
    return {RLIMITS[name].docker: value for name, value in wanted.items()}


def rlimits_in_force(docker: bool = False) -> str:
    """The protections line both backends report: what their rlimits bound."""
    names = ("cpu", "as", "fsize", "nofile", "core", "stack")
    bounded = [RLIMITS[name].bounds for name in names]
    if docker:
        bounded[1] = "the data segment (the engine has no address-space ulimit)"
    return "rlimits (soft = hard): " + ", ".join(bounded)
