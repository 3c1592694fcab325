"""A container started and watched: the `Child` the supervisor runs every build and run of
the `docker` backend through (containers.py makes the containers): its host directory, its
first process's descriptor and measures, and how it ended, out of memory included
(oom.py)."""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import socket
import tempfile
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...errors import SandboxError
from ..base import START_TIMEOUT_S
from ..cgroup_cpu import CpuCounter
from ..files import CHANNEL_NAME
from ..measure import GroupMemory, GroupMeter, ProcMeter
from ..session import exit_or_signal
from .containers import first_line
from .oom import killed_for_memory, oom_event
from .runtimes import GVISOR

if TYPE_CHECKING:
    from docker.models.containers import Container


class Engine:
    """A container started, a `Child` for the supervisor: its host directory (the channel's
    socket and, for a build, the program's files), its first process, and how it ends."""

    streams: dict[int, int]
    channel: socket.socket

    def _begin(self) -> None:
        self.streams = {}
        self.exit_fd: int | None = None
        self.meter: ProcMeter = ProcMeter(0)
        self._oom_killed = False
        self._container: Container | None = None
        self._started_at = 0.0
        self._ended_unwatched = False  # it had ended before a descriptor of it was opened
        self._cpu_counter: CpuCounter | None = None
        self._connections: list[socket.socket] = []
        # Only the channel's socket (and a build's files), bound read-only: the container
        # cannot leave anything here for the grader to trip over.
        self._hostdir = tempfile.mkdtemp(prefix="grader-docker-")
        os.chmod(self._hostdir, 0o711)

    @contextlib.contextmanager
    def _starting(self) -> Iterator[None]:
        """Whatever fails while starting, nothing is left behind; the engine's and the
        system's errors become SandboxError."""
        from docker.errors import DockerException

        try:
            yield
        except (DockerException, OSError) as error:
            self._dispose()
            raise SandboxError(f"cannot start the container: {first_line(error)}") from error
        except BaseException:
            self._dispose()
            raise

    def _listen(self) -> socket.socket:
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(os.path.join(self._hostdir, CHANNEL_NAME))
        os.chmod(os.path.join(self._hostdir, CHANNEL_NAME), 0o666)
        listener.listen(3)
        return listener

    def _started(self, container: Container) -> None:
        """Start it: measured through its first process's pid as this kernel sees it, its
        end told by a descriptor of that pid."""
        self._container = container
        self._started_at = time.time()
        container.start()
        container.reload()
        pid = int(container.attrs["State"]["Pid"])
        # The container's group counts every process in it, a worker forked at import too.
        self._cpu_counter = CpuCounter.of_process(pid) if pid > 0 else None
        memory = GroupMemory.of_process(pid) if pid > 0 else None
        if container.attrs["HostConfig"].get("Runtime") == GVISOR and memory is not None:
            # The pid is gVisor's kernel, not the program: only the group tells its memory.
            self.meter = GroupMeter(pid, self._cpu_counter, memory)
        else:
            if memory is not None:
                memory.close()
            self.meter = ProcMeter(pid, self._cpu_counter)
        try:
            self.exit_fd = os.pidfd_open(pid) if pid > 0 else None
            self._ended_unwatched = pid <= 0  # the engine says a stopped container's pid is 0
        except ProcessLookupError:
            self._ended_unwatched = True
        except (AttributeError, OSError, ValueError):
            self.exit_fd = None

    def reap(self) -> tuple[int | None, int | None]:
        from docker.errors import DockerException

        code: int | None = None
        if self._container is not None:
            ended_alone = self._ended()
            with contextlib.suppress(DockerException):
                self._container.kill()
            try:
                code = int(self._container.wait(timeout=START_TIMEOUT_S)["StatusCode"])
                killed_alone = ended_alone and code == 128 + signal.SIGKILL
                self._oom_killed = self._flagged_out_of_memory(self._container, killed_alone)
            except (DockerException, KeyError, ValueError, OSError):
                code = None
        return exit_or_signal(code)

    def _ended(self) -> bool:
        """Whether its first process has ended (before anything here killed it)."""
        if self.exit_fd is None:
            return self._ended_unwatched
        ready, _, _ = select.select([self.exit_fd], [], [], 0)
        return bool(ready)

    def _flagged_out_of_memory(self, container: Container, killed_alone: bool) -> bool:
        container.reload()
        flagged = bool(container.attrs["State"].get("OOMKilled"))
        started_at = self._started_at
        unwatched = self._ended_unwatched
        return killed_for_memory(
            flagged, killed_alone, unwatched, lambda: oom_event(container, started_at)
        )

    def out_of_memory(self) -> bool:
        return self._oom_killed

    def release(self) -> None:
        self._dispose()

    def discard(self) -> None:
        """End one never handed to a supervisor."""
        self.reap()
        self.meter.close()
        if self.exit_fd is not None:
            os.close(self.exit_fd)
        self.release()

    def _dispose(self) -> None:
        from docker.errors import DockerException

        for connection in self._connections:
            connection.close()
        if self._cpu_counter is not None:
            self._cpu_counter.close()
        if self._container is not None:
            with contextlib.suppress(DockerException):
                self._container.remove(force=True)
            self._container = None
        shutil.rmtree(self._hostdir, ignore_errors=True)
