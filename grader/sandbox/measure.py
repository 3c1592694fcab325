"""How a run's CPU time and memory are read, always from outside it.

A `Meter` is what the supervisor asks; `ProcMeter` answers from /proc of a pid the grader's
kernel knows, and from the run's control group when it has one. A backend whose program has
no such pid (a gVisor sandbox, a remote worker) hands the supervisor a meter of its own.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Final, Protocol

from .cgroup_cpu import CGROUP_ROOT, CpuCounter, groups_of

CLOCK_TICKS: Final = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


class Meter(Protocol):
    def cpu_seconds(self) -> float:
        """CPU time of the run so far; never less than an earlier reading (once the run is
        gone, the last reading stands)."""
        ...

    def waited_seconds(self) -> float:
        """How long the run's threads alive now have waited, in all, runnable but not
        running: the CPU the machine's other work kept from them. Only growth between two
        readings means anything; 0.0 where the kernel does not say."""
        ...

    def reset_peak_memory(self) -> None:
        """Start a new peak: the next `peak_memory_kib` covers only what follows."""
        ...

    def peak_memory_kib(self) -> int:
        """The largest resident set since the last reset; 0 when it cannot be read."""
        ...

    def close(self) -> None: ...


class ProcMeter:
    """The run's CPU from its control group (`group`: every process it ever had) where
    there is one, else from /proc/`pid` (the runner alone); memory from /proc/`pid`."""

    def __init__(self, pid: int, group: CpuCounter | None = None) -> None:
        self._pid = pid
        self._group = group
        self._fds: dict[str, int] = {}
        self._schedstat_fds: dict[int, int] = {}
        self._last = 0.0

    def cpu_seconds(self) -> float:
        """/proc/PID/stat counts every thread, in clock ticks, schedstat the main thread in
        nanoseconds: the larger is the better estimate."""
        if self._group is not None:
            counted = self._group.seconds()
            if counted is not None:
                self._last = max(counted, self._last)
            return self._last
        try:
            fields = self._read("stat").rsplit(b")", 1)[1].split()
            ticks = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        except (OSError, IndexError, ValueError):
            return self._last
        try:
            precise = int(self._read("schedstat").split()[0]) / 1e9
        except (OSError, IndexError, ValueError):
            precise = 0.0
        self._last = max(ticks, precise, self._last)
        return self._last

    def waited_seconds(self) -> float:
        """The run-queue delay (/proc/TID/schedstat's second field, in nanoseconds) of every
        thread in the run's control group, or of the runner's own threads where there is no
        group. A thread that has ended takes its delay with it: the sum can only understate
        what the run waited."""
        threads = self._group.threads() if self._group is not None else None
        if threads is None:
            listing = self._open("task", os.O_RDONLY | os.O_DIRECTORY)
            try:
                threads = [int(tid) for tid in os.listdir(listing)] if listing is not None else []
            except (OSError, ValueError):
                threads = []
        waited = 0
        for tid in threads:
            waited += self._thread_waited_ns(tid)
        return waited / 1e9

    def _thread_waited_ns(self, tid: int) -> int:
        """One thread's run-queue delay, through a descriptor kept while the thread lives
        (read at every exchange: an open per thread each time would cost more than the
        reading)."""
        for _ in range(2):
            fd = self._schedstat_fds.get(tid)
            if fd is None:
                try:
                    fd = os.open(f"/proc/{tid}/schedstat", os.O_RDONLY | os.O_CLOEXEC)
                except OSError:
                    return 0
                self._schedstat_fds[tid] = fd
            try:
                return int(os.pread(fd, 128, 0).split()[1])
            except (IndexError, ValueError):
                return 0
            except OSError:  # that thread ended; a new one may have its id now
                os.close(self._schedstat_fds.pop(tid))
        return 0

    def reset_peak_memory(self) -> None:
        fd = self._open("clear_refs", os.O_WRONLY)
        if fd is not None:
            with contextlib.suppress(OSError):
                os.write(fd, b"5")  # resets VmHWM, the peak resident set size

    def peak_memory_kib(self) -> int:
        try:
            status = self._read("status")
            start = status.index(b"VmHWM:")
            return int(status[start + 6 : status.index(b"\n", start)].split()[0])
        except (OSError, ValueError, IndexError):
            return 0

    def close(self) -> None:
        for fd in (*self._fds.values(), *self._schedstat_fds.values()):
            os.close(fd)
        self._fds.clear()
        self._schedstat_fds.clear()

    def _open(self, name: str, flags: int = os.O_RDONLY) -> int | None:
        """An open descriptor of /proc/PID/`name`, kept for the run's life: read again with
        pread, it costs no open per look, and it never names another process (a reused pid)
        once the run is gone."""
        if name not in self._fds:
            try:
                self._fds[name] = os.open(f"/proc/{self._pid}/{name}", flags | os.O_CLOEXEC)
            except OSError:
                return None
        return self._fds[name]

    def _read(self, name: str) -> bytes:
        fd = self._open(name)
        if fd is None:
            raise OSError(f"/proc/{self._pid}/{name} cannot be opened")
        return os.pread(fd, 4096, 0)


class GroupMemory:
    """The peak memory of a control group (a container's), read and reset through
    descriptors kept open: where the program has no host process of its own to read (gVisor,
    whose kernel is the container's one process), its group is what can be measured."""

    def __init__(self, peak: int, current: int) -> None:
        self._peak = peak  # -1 where the kernel keeps no resettable peak (cgroup v2 before 6.12)
        self._current = current

    @classmethod
    def of_process(cls, pid: int, root: Path = CGROUP_ROOT) -> GroupMemory | None:
        for controllers, path in groups_of(pid):
            relative = path.lstrip("/")
            if "memory" in controllers.split(","):
                names = (
                    root / "memory" / relative,
                    "memory.max_usage_in_bytes",
                    "memory.usage_in_bytes",
                )
            elif not controllers:
                names = (root / relative, "memory.peak", "memory.current")
            else:
                continue
            folder, peak_name, current_name = names
            try:
                current = os.open(folder / current_name, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                peak = os.open(folder / peak_name, os.O_RDWR | os.O_CLOEXEC)
            except OSError:
                peak = -1
            return cls(peak, current)
        return None

    def reset(self) -> None:
        if self._peak >= 0:
            with contextlib.suppress(OSError):
                os.pwrite(self._peak, b"0", 0)

    def peak_kib(self) -> int:
        try:
            return int(os.pread(self._peak if self._peak >= 0 else self._current, 64, 0)) // 1024
        except (OSError, ValueError):
            return 0

    def close(self) -> None:
        for fd in (self._peak, self._current):
            if fd >= 0:
                os.close(fd)
        self._peak = self._current = -1


class GroupMeter(ProcMeter):
    """CPU and memory both from the run's control group: for a program with no host process
    of its own (gVisor's). The peak includes gVisor's own kernel, tens of MiB."""

    def __init__(self, pid: int, group: CpuCounter | None, memory: GroupMemory) -> None:
        super().__init__(pid, group)
        self._memory = memory

    def reset_peak_memory(self) -> None:
        self._memory.reset()

    def peak_memory_kib(self) -> int:
        return self._memory.peak_kib()

    def close(self) -> None:
        self._memory.close()
        super().close()
