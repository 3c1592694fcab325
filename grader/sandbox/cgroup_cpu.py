"""Reading a control group's CPU: the time every process it ever held used (`cpuacct.usage`,
v2 `cpu.stat`, dead processes included) and the threads it holds now, for a run's group
(cgroup.py makes those) or a container's."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Final

CGROUP_ROOT: Final = Path("/sys/fs/cgroup")


def groups_of(pid: int) -> list[tuple[str, str]]:
    """(controllers, path) of each hierarchy `pid` is in; none where it cannot be read."""
    try:
        lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        _, controllers, path = line.split(":", 2)
        found.append((controllers, path))
    return found


class CpuCounter:
    """The CPU time of every process a control group ever held, dead ones included, and the
    threads it holds now, read through descriptors kept open (a reused group name can never
    answer for it)."""

    def __init__(self, directory: Path, version: int) -> None:
        name = "cpuacct.usage" if version == 1 else "cpu.stat"
        self._version = version
        self._fd = os.open(directory / name, os.O_RDONLY | os.O_CLOEXEC)
        # The list of threads is opened anew for each reading (cgroup v1 keeps the list an
        # open file first read), through the group's own directory descriptor.
        self._threads_name = "tasks" if version == 1 else "cgroup.threads"
        try:
            self._directory_fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError:
            self._directory_fd = -1

    @classmethod
    def of_process(cls, pid: int, root: Path = CGROUP_ROOT) -> CpuCounter | None:
        """The counter of the group `pid` is in (a container's), None where it cannot be read."""
        for controllers, path in groups_of(pid):
            for version, directory in (
                (1, root / "cpuacct" / path.lstrip("/")),
                (2, root / path.lstrip("/")),
                (2, root / "unified" / path.lstrip("/")),
            ):
                wanted = "cpuacct" in controllers.split(",") if version == 1 else not controllers
                if wanted:
                    with contextlib.suppress(OSError):
                        return cls(directory, version)
        return None

    def seconds(self) -> float | None:
        try:
            text = os.pread(self._fd, 4096, 0)
        except OSError:
            return None
        if self._version == 1:
            return int(text) / 1e9
        for line in text.splitlines():
            key, _, value = line.partition(b" ")
            if key == b"usage_usec":
                return int(value) / 1e6
        return None

    def threads(self) -> list[int] | None:
        """The ids of every thread in the group now; None where they cannot be read."""
        if self._directory_fd < 0:
            return None
        try:
            fd = os.open(self._threads_name, os.O_RDONLY | os.O_CLOEXEC, dir_fd=self._directory_fd)
        except OSError:
            return None
        try:
            return [int(tid) for tid in os.read(fd, 65536).split()]
        except (OSError, ValueError):
            return None
        finally:
            os.close(fd)

    def close(self) -> None:
        for fd in (self._fd, self._directory_fd):
            if fd >= 0:
                os.close(fd)
        self._fd = self._directory_fd = -1
