"""Containers started and watched through the Docker SDK, the one way every run and build
of the `docker` backend is made (see container.py for what they enforce): a build's, with its
sources bound in; a run's, started before its submission arrives and handed its program then
(`_launcher.py` waits in it); and the pool that keeps one started ahead.
"""

from __future__ import annotations

import contextlib
import math
import os
import select
import shutil
import signal
import socket
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ...errors import SandboxError
from ...limits import PIDS_MAX
from ..base import START_TIMEOUT_S, Program
from ..cgroup_cpu import CpuCounter
from ..files import (
    BUILD_WORKDIR_BYTES,
    CHANNEL_NAME,
    MASKED_PROC_FILES,
    SYSTEM_FILES,
    WORKDIR,
    WORKDIR_BYTES,
)
from ..measure import GroupMemory, GroupMeter, ProcMeter
from ..preparation import child_environment
from ..seccomp import docker_profile
from ..session import exit_or_signal
from .runtimes import GVISOR, GVISOR_HOST_TASKS, GVISOR_KERNEL_MIB

if TYPE_CHECKING:
    from docker import DockerClient
    from docker.models.containers import Container
    from docker.types import LogConfig, Mount

LAUNCHER: Final = Path(__file__).with_name("_launcher.py")
CHANNEL_DIR: Final = "/run/grader"
# A warm runner's container (warm.py) gets what making each run's namespaces needs and nothing
# else: root with the four capabilities the zygote keeps (process/_zygote.py's
# KEPT_CAPABILITIES: it drops the rest at once, and every run drops these), the engine's
# default seccomp profile (which allows unshare, setns and mount to CAP_SYS_ADMIN alone), and
# a /proc without the engine's masks (the kernel refuses a run's own /proc over a partly
# covered one; each run masks the same files in it itself).
WARM_RUNNER_CAPABILITIES: Final = ("SETGID", "SETUID", "SETPCAP", "SYS_ADMIN")
RUN_LABEL: Final = "org.grader.run"  # its value: the pid of the grader that made it
# How long a container that died of SIGKILL by itself, with no out-of-memory flag yet, waits
# for the engine's word that the kernel killed it: containerd may deliver the OOM event after
# the exit (containerd issue 12260), and the flag is set when it comes. Measured on a loaded
# 2-CPU machine, a 1 GiB allocation under gVisor's 64 MiB limit: 1 run in 6 ended so, its
# event within 3 s of the exit.
OOM_EVENT_WAIT_S: Final = 3.0


@dataclass(frozen=True, slots=True)
class Recipe:
    """Everything a run's container is made with before its program is known."""

    tag: str
    python: str  # the image's interpreter: the launcher's
    language: str
    memory_mib: int
    ulimits: tuple[tuple[str, int], ...]
    oci_runtime: str = ""  # the engine's runtime for the container; "" for its default
    # The host toolchains a program of this language needs (the language decides them).
    mounts: tuple[Mount, ...] = field(default=(), compare=False)


# The engine's own masked paths (it replaces its list with the one given, not adds to it),
# then the process backend's: host information and machine-wide counters.
DOCKER_MASKED_PATHS: Final = (
    "/proc/asound",
    "/proc/acpi",
    "/proc/kcore",
    "/proc/keys",
    "/proc/latency_stats",
    "/proc/timer_list",
    "/proc/timer_stats",
    "/proc/sched_debug",
    "/proc/scsi",
    "/sys/firmware",
    "/sys/devices/virtual/powercap",
)


def _log_config(logged: bool) -> LogConfig:
    """A warm runner (`logged`) says on stderr why it failed, read back from the engine's
    log: the `local` driver keeps its bytes as they were (json-file turns what is not UTF-8
    into U+FFFD). A build's or a run's output comes through an attached stream or sockets
    instead, and it logs nothing."""
    from docker.types import LogConfig

    if not logged:
        return LogConfig(type="none", config={})
    return LogConfig(type="local", config={"max-size": "40m", "max-file": "1", "compress": "false"})


def _scratch(workdir_bytes: int) -> dict[str, str]:
    """The container's writable work directory, and its /dev/shm: the engine's own is a
    writable 64 MiB, here an empty, read-only one."""
    return {
        WORKDIR: f"rw,exec,nosuid,nodev,size={workdir_bytes},mode=1777",
        "/dev/shm": "ro,nosuid,nodev,noexec,size=4k",
    }


def _security(warm: bool, oci_runtime: str) -> list[str]:
    """No new privileges ever; the seccomp filter but in a warm runner (the engine's
    default there, see WARM_RUNNER_CAPABILITIES; each run it starts installs ours)."""
    profile = [] if warm else [f"seccomp={docker_profile(oci_runtime == GVISOR)}"]
    return ["no-new-privileges", *profile]


def create(
    client: DockerClient,
    tag: str,
    command: list[str],
    hostdir: str,
    mounts: list[Mount],
    memory_mib: int,
    ulimits: dict[str, int],
    building: bool,
    uid: int,
    oci_runtime: str,
    warm_runner: dict[str, str] | None = None,
    processes: int = PIDS_MAX,
) -> Container:
    """A container made the one way every run and build is: see the module's docstring.
    Through the SDK's low-level API: its high-level one cannot set masked paths.
    `warm_runner`: a warm runner's environment (see WARM_RUNNER_CAPABILITIES); `processes`:
    how many processes and threads it may have at once."""
    from docker.types import Mount, Ulimit

    memory = memory_mib * 2**20 + (GVISOR_KERNEL_MIB * 2**20 if oci_runtime == GVISOR else 0)
    ulimits = ulimits | ({"nproc": processes} if oci_runtime == GVISOR else {})
    warm = warm_runner is not None
    host_config = client.api.create_host_config(
        network_mode="none",
        runtime=oci_runtime or None,
        read_only=True,
        tmpfs=_scratch(BUILD_WORKDIR_BYTES if building else WORKDIR_BYTES),
        mounts=[Mount(CHANNEL_DIR, hostdir, type="bind", read_only=True), *mounts],
        mem_limit=memory,
        memswap_limit=memory,
        pids_limit=GVISOR_HOST_TASKS if oci_runtime == GVISOR else processes,
        nano_cpus=1_000_000_000,
        cap_drop=["ALL"],
        cap_add=list(WARM_RUNNER_CAPABILITIES) if warm else None,
        security_opt=_security(warm, oci_runtime),
        ulimits=[Ulimit(name=name, soft=value, hard=value) for name, value in ulimits.items()],
        log_config=_log_config(warm),
    )
    host_config["MaskedPaths"] = [] if warm else sorted({*DOCKER_MASKED_PATHS, *MASKED_PROC_FILES})
    if warm:
        host_config["ReadonlyPaths"] = []
    created = client.api.create_container(
        tag,
        command=command,
        user=f"{uid}:{uid}",
        environment=child_environment(WORKDIR)
        | {"GRADER_SOCKET": f"{CHANNEL_DIR}/{CHANNEL_NAME}", **(warm_runner or {})},
        working_dir=WORKDIR,
        hostname="sandbox",
        host_config=host_config,
        stdin_open=False,
        tty=False,
        labels={RUN_LABEL: str(os.getpid())},
    )
    return client.containers.get(created["Id"])


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

        def oom_event() -> bool:
            events = container.client.api.events(
                since=int(self._started_at) - 1,
                until=math.ceil(time.time() + OOM_EVENT_WAIT_S),
                filters={"container": container.id, "event": "oom"},
                decode=True,
            )
            with contextlib.closing(events):
                return any(event.get("Action", event.get("status")) == "oom" for event in events)

        flagged = bool(container.attrs["State"].get("OOMKilled"))
        return killed_for_memory(flagged, killed_alone, self._ended_unwatched, oom_event)

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


def killed_for_memory(
    flagged: bool, killed_alone: bool, unwatched: bool, oom_event: Callable[[], bool]
) -> bool:
    """Whether a container that ended was killed by the kernel for its memory: the engine's
    flag; where it died of SIGKILL that nothing here sent (`killed_alone`) and the flag may
    lag, the engine's OOM event, waited for (`oom_event`)."""
    if flagged:
        return True
    if not killed_alone:
        return False
    if unwatched:
        # Killed before a descriptor of it could be opened, it was gone before containerd
        # watched its group, and the event is lost (measured: 2 runs in 80 of a 1 GiB
        # allocation under gVisor, no event in 3 s). In its first milliseconds, only its
        # memory or the program itself kills it (runc's init ignores its own SIGKILL,
        # gVisor's does not), and killing itself could win it nothing.
        return True
    return oom_event()


def remove(container: Container) -> None:
    from docker.errors import DockerException

    with contextlib.suppress(DockerException):
        container.remove(force=True)


def toolchain_mounts(program: Program) -> list[Mount]:
    """The host trees a program needs, read-only, with the hidden ones inside covered."""
    from docker.types import Mount

    mounts = [Mount(tree, tree, "bind", read_only=True) for tree in program.runtime_dirs]
    # Toolchains reach each other through /etc/alternatives (cc -> gcc) and ld.so's cache.
    mounts += [Mount(path, path, "bind", True) for path in SYSTEM_FILES if os.path.exists(path)]
    for hidden in program.hidden:
        if os.path.isdir(hidden) and any(
            hidden.startswith(tree.rstrip("/") + "/") for tree in program.runtime_dirs
        ):
            mounts.append(Mount(hidden, None, "tmpfs", read_only=True))
    return mounts


def first_line(error: object) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
