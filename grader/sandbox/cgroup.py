"""Per-run control groups: a memory limit that counts every process of a run (swap included),
a process/thread limit that holds for root too, and the run's CPU: every process and thread
it ever had, counted by the kernel (`cpuacct.usage`, v2 `cpu.stat`), and capped at one CPU
(a CFS quota), so no run slows its neighbours by spreading over many processes. Used where
the grader may create groups (root on cgroup v1, or a delegated cgroup v2 subtree);
elsewhere the backend says it lacks them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..limits import PIDS_MAX
from .cgroup_cpu import CGROUP_ROOT, CpuCounter

UNLIMITED: Final = 2**62  # what a new group's memory limit reads as
CPU_PERIOD_US: Final = 100_000
CPU_QUOTA_US: Final = 100_000  # one CPU per run, as the docker backend's nano_cpus


@dataclass(frozen=True, slots=True)
class CgroupParents:
    """Where new groups are made: one directory per controller (v1), or one for all (v2).
    `cpu` is None where the cpu controllers are not ours to use: CPU is then read from /proc
    (the runner's own processes only) and not capped, which the backend reports."""

    version: int
    memory: Path
    pids: Path
    cpu: Path | None = None  # the quota (v1 `cpu`, v2 `cpu.max`)
    cpuacct: Path | None = None  # the counter (v1 `cpuacct`, v2 the same as cpu)
    cpu_reason: str = ""  # why cpu is None


def find_cgroup_parents(root: Path = CGROUP_ROOT) -> tuple[CgroupParents | None, str]:
    """Writable parents for per-run groups (nested in the grader's own groups, so limits set
    above the grader still hold), or None and why not."""
    own = _own_groups()

    def v1(controller: str) -> Path:
        return root / controller / own.get(controller, "").lstrip("/")

    memory_v1, pids_v1 = v1("memory"), v1("pids")
    if "memory" in own and "pids" in own and (memory_v1 / "cgroup.procs").exists():
        if os.access(memory_v1, os.W_OK) and os.access(pids_v1, os.W_OK):
            cpu_v1, cpuacct_v1 = v1("cpu"), v1("cpuacct")
            unusable = (
                "the cpu and cpuacct controllers are not mounted"
                if not ({"cpu", "cpuacct"} <= own.keys() and (cpu_v1 / "cpu.cfs_quota_us").exists())
                else "the cpu controllers are not writable"
                if not (os.access(cpu_v1, os.W_OK) and os.access(cpuacct_v1, os.W_OK))
                else ""
            )
            if unusable:
                return CgroupParents(1, memory_v1, pids_v1, cpu_reason=unusable), ""
            return CgroupParents(1, memory_v1, pids_v1, cpu_v1, cpuacct_v1), ""
        return None, "cgroup v1 is mounted but not writable (run as root to use it)"
    unified = root / own.get("", "/").lstrip("/")
    if "" in own and (unified / "cgroup.controllers").exists():
        try:
            enabled = (unified / "cgroup.subtree_control").read_text().split()
        except OSError:
            enabled = []
        if {"memory", "pids"} <= set(enabled) and os.access(unified, os.W_OK):
            if "cpu" in enabled:
                return CgroupParents(2, unified, unified, unified, unified), ""
            return CgroupParents(
                2, unified, unified, cpu_reason="the cpu controller is not delegated"
            ), ""
        return None, (
            "cgroup v2 has no writable subtree with the memory and pids controllers delegated "
            "(for example: systemd-run --user --scope -p Delegate=yes grader ...)"
        )
    return None, "no cgroup file system with the memory and pids controllers is mounted"


def remove_orphaned_groups(parents: CgroupParents) -> None:
    """Remove the groups that graders killed outright left behind: each is named after its
    grader's pid (RunCgroup), and one whose grader is gone and which is empty is nobody's.
    A machine that grades for months would otherwise gather them by the thousand."""
    for parent in _distinct(parents):
        try:
            entries = list(os.scandir(parent))
        except OSError:
            continue
        for entry in entries:
            if not entry.name.startswith("grader-"):
                continue
            pid = entry.name.removeprefix("grader-").partition("-")[0]
            if pid.isdigit() and not process_alive(int(pid)):
                with contextlib.suppress(OSError):  # not empty, or not a group: kept
                    os.rmdir(entry.path)


def process_alive(pid: int) -> bool:
    """Whether a process of this pid lives (another user's counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _distinct(parents: CgroupParents) -> list[Path]:
    """One directory per hierarchy: v2 has one for all, v1 one per controller (two where cpu
    and cpuacct are mounted together)."""
    hierarchies = [parents.memory, parents.pids, parents.cpu, parents.cpuacct]
    return list({os.path.realpath(parent): parent for parent in hierarchies if parent}.values())


def _own_groups() -> dict[str, str]:
    """The grader's own group per v1 controller, and under "" its cgroup v2 group."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return {}
    groups: dict[str, str] = {}
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            groups[controller] = path
    return groups


class RunCgroup:
    """One run's group(s), or a slot's, reused by one run after another (zygote.py).
    `join_files` take the pid of a process that joins; `extra_pids` counts the slot's own
    processes on top of a run's `processes`."""

    def __init__(
        self,
        parents: CgroupParents,
        memory_bytes: int,
        processes: int = PIDS_MAX,
        extra_pids: int = 0,
    ) -> None:
        name = f"grader-{os.getpid()}-{os.urandom(4).hex()}"  # secrets costs 8 ms to import
        self._parents = parents
        self._dirs = [parent / name for parent in _distinct(parents)]
        self._memory_bytes = UNLIMITED
        self._oom_kills_before = 0
        self._events_fd: int | None = None
        self.cpu: CpuCounter | None = None
        made: list[Path] = []
        try:
            for directory in self._dirs:
                directory.mkdir(mode=0o755)
                made.append(directory)
            self.start_run(memory_bytes)
            (parents.pids / name / "pids.max").write_text(str(processes + extra_pids))
            if parents.cpu is not None and parents.cpuacct is not None:
                if parents.version == 1:
                    (parents.cpu / name / "cpu.cfs_period_us").write_text(str(CPU_PERIOD_US))
                    (parents.cpu / name / "cpu.cfs_quota_us").write_text(str(CPU_QUOTA_US))
                else:
                    (parents.cpu / name / "cpu.max").write_text(f"{CPU_QUOTA_US} {CPU_PERIOD_US}")
                self.cpu = CpuCounter(parents.cpuacct / name, parents.version)
        except OSError:
            if self.cpu is not None:
                self.cpu.close()
            for directory in made:
                with contextlib.suppress(OSError):
                    directory.rmdir()
            raise

    @property
    def join_files(self) -> tuple[str, ...]:
        return tuple(str(directory / "cgroup.procs") for directory in self._dirs)

    def start_run(self, memory_bytes: int) -> None:
        """Set the memory limit of the run about to start; out-of-memory kills count from
        here."""
        if memory_bytes != self._memory_bytes:
            self._set_memory(memory_bytes)
        self._oom_kills_before = self._oom_kills()

    def _set_memory(self, memory_bytes: int) -> None:
        memory = self._dirs[0]
        if self._parents.version == 2:
            (memory / "memory.max").write_text(str(memory_bytes))
            with contextlib.suppress(OSError):
                (memory / "memory.swap.max").write_text("0")
        else:
            # memory+swap may never be below memory alone: raise it first, lower it last.
            # Absent without swap accounting; then there is no swap to escape into anyway.
            limit = memory / "memory.limit_in_bytes"
            with_swap = memory / "memory.memsw.limit_in_bytes"
            order = (with_swap, limit) if memory_bytes > self._memory_bytes else (limit, with_swap)
            for path in order:
                if path is limit or path.exists():
                    path.write_text(str(memory_bytes))
        self._memory_bytes = memory_bytes

    def _oom_kills(self) -> int:
        # Read at every run: the file stays open and is read again from its start.
        if self._events_fd is None:
            events = "memory.oom_control" if self._parents.version == 1 else "memory.events"
            try:
                self._events_fd = os.open(self._dirs[0] / events, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return 0
        try:
            text = os.pread(self._events_fd, 4096, 0).decode()
        except OSError:
            return 0
        for line in text.splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill" and value.strip().isdigit():
                return int(value)
        return 0

    def oom_killed(self) -> bool:
        """Whether the kernel killed a process of this run for going over the memory limit."""
        return self._oom_kills() > self._oom_kills_before

    def remove(self) -> None:
        """Kill every process still in the group, then remove it."""
        if self._events_fd is not None:
            os.close(self._events_fd)
            self._events_fd = None
        if self.cpu is not None:
            self.cpu.close()
        for _ in range(200):
            alive = False
            for directory in self._dirs:
                for pid in _members(directory):
                    alive = True
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.kill(pid, signal.SIGKILL)
            if not alive:
                break
            time.sleep(0.005)
        for directory in self._dirs:
            with contextlib.suppress(OSError):
                directory.rmdir()


def _members(directory: Path) -> list[int]:
    try:
        return [int(pid) for pid in (directory / "cgroup.procs").read_text().split()]
    except (OSError, ValueError):
        return []
