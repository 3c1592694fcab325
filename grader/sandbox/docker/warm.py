"""The docker backend's warm runner: the process backend's zygote (process/_zygote.py) in a
container of its own, started once per kind of program and kept. Each run is forked from it
as in the process backend: pid 1 of a new PID namespace, with its own mount, IPC, UTS and
cgroup namespaces, /proc and /tmp, a uid of the grader's block, no capabilities, no_new_privs
and the grader's seccomp filter, in control groups of its slot (a network namespace per
slot). What the container adds is its file system: the image's, not the host's.

A container per submission costs the engine about 0.1 s (dockerd, containerd, runc), so on
two cores a batch could never pass about ten submissions a second; a fork costs
milliseconds. The container itself gets only what making the runs' namespaces needs
(containers.create's `warm_runner`).
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
from typing import TYPE_CHECKING, Any, Final

from ..base import START_TIMEOUT_S
from ..cgroup import CgroupParents, find_cgroup_parents, remove_orphaned_groups
from ..files import CHANNEL_NAME
from ..options import SandboxOptions
from ..process.starting import StartWarmRunner, WarmProcess
from ..process.warm_runners import WarmRunners
from ..process.zygote import Zygote
from ..seccomp import Filter, SeccompUnavailable, compiled_filter
from .containers import create, first_line

if TYPE_CHECKING:
    from docker import DockerClient
    from docker.models.containers import Container
    from docker.types import Mount

# Where the warm runner's stderr goes: a folder of the grader's, writable to the container's
# root alone (the runs it forks have uids of their own), read when it did not come up or
# ended by itself. The engine's log would go with the container, which it removes at its end.
SAID_DIR: Final = "/run/grader-said"
SAID_FILE: Final = "stderr"
# The container's first process: sends its stderr to SAID_DIR, connects to the grader (the
# control socket the zygote expects as GRADER_ZYGOTE_FD), then runs the zygote's source (its
# first argument), as bubblewrap's would.
SHIM: Final = (
    "import _socket, os, sys\n"
    "try:\n"
    f"    said = os.open('{SAID_DIR}/{SAID_FILE}', os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)\n"
    "    os.dup2(said, 2)\n"
    "    os.close(said)\n"
    "except OSError:\n"
    "    pass\n"
    "control = _socket.socket(_socket.AF_UNIX, _socket.SOCK_SEQPACKET)\n"
    "control.connect(os.environ.pop('GRADER_SOCKET'))\n"
    "os.environ['GRADER_ZYGOTE_FD'] = str(control.detach())\n"
    "source = sys.argv[1]\n"
    "sys.argv = ['-c']\n"
    "exec(compile(source, '<zygote>', 'exec'), {'__name__': '__main__'})\n"
)
# The zygote and its slots before they join their own groups; runs never count here.
WARM_RUNNER_MEMORY_MIB: Final = 512


class ContainerProcess:
    """The warm runner's container, held as the zygote's `WarmProcess`. Its pid 1 is no child
    of the grader's: how it ended is not known here (-1), only that it did."""

    def __init__(self, container: Container, pidfd: int, hostdir: str) -> None:
        self._container = container
        self._pidfd = pidfd
        self._hostdir = hostdir
        self._code: int | None = None
        self._killed = False

    def poll(self) -> int | None:
        if self._code is None and self._pidfd >= 0 and self._ended(0):
            self._code = -1
        return self._code

    def kill(self) -> None:
        """SIGKILL to its pid 1 through the pidfd held since it started: the engine's kill
        costs a round trip to dockerd and containerd (about 70 ms) at every close. The
        engine then removes it on its own."""
        from docker.errors import DockerException

        self._killed = True
        if self._pidfd >= 0:
            with contextlib.suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)
            return
        with contextlib.suppress(DockerException):
            self._container.kill()

    def communicate(
        self, input: bytes | None = None, timeout: float | None = None
    ) -> tuple[Any, bytes]:
        """Wait for its end; its stderr. One killed here is not waited for: what it said and
        how it ended are nobody's concern."""
        said = b""
        if not self._killed:
            if self._code is None and not self._ended(timeout):
                raise subprocess.TimeoutExpired("the warm runner's container", timeout or 0)
            self._code = -1
            said = said_by(self._hostdir)
        if self._pidfd >= 0:
            os.close(self._pidfd)
            self._pidfd = -1
        shutil.rmtree(self._hostdir, ignore_errors=True)
        return None, said

    def _ended(self, timeout: float | None) -> bool:
        ready, _, _ = select.select([self._pidfd], [], [], timeout)
        return bool(ready)


def said_by(hostdir: str) -> bytes:
    """What a warm runner wrote on its stderr (SHIM), its last 64 KiB."""
    try:
        with open(os.path.join(hostdir, "said", SAID_FILE), "rb") as said:
            said.seek(max(0, os.fstat(said.fileno()).st_size - 65536))
            return said.read()
    except OSError:
        return b""


def _pidfd_of(container: Container) -> int | None:
    """A pidfd onto the container's first process; None when it has ended already (the
    engine says pid 0, or has removed it: a warm runner that fails at once)."""
    from docker.errors import NotFound

    try:
        container.reload()
        pid = int(container.attrs["State"]["Pid"])
        return os.pidfd_open(pid) if pid else None
    except (NotFound, ProcessLookupError):
        return None


def in_container(
    client: DockerClient, tag: str, interpreter: str, mounts: list[Mount]
) -> StartWarmRunner:
    """Start the zygote in a container of the image `tag` (its Python: `interpreter`),
    with these host trees bound read-only (a compiled language's toolchain)."""

    def start(
        command: tuple[str, ...], environment: dict[str, str]
    ) -> tuple[WarmProcess, socket.socket]:
        from docker.errors import DockerException
        from docker.types import Mount

        at = command.index("-c") + 1
        shimmed = [interpreter, *command[1:at], SHIM, *command[at:]]
        hostdir = tempfile.mkdtemp(prefix="grader-docker-")
        os.chmod(hostdir, 0o711)
        said = os.path.join(hostdir, "said")
        os.mkdir(said, 0o700)
        written = Mount(SAID_DIR, said, type="bind", read_only=False)
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        container: Container | None = None
        try:
            listener.bind(os.path.join(hostdir, CHANNEL_NAME))
            listener.listen(1)
            container = create(
                client,
                tag,
                shimmed,
                hostdir,
                [*mounts, written],
                WARM_RUNNER_MEMORY_MIB,
                {},
                False,
                0,
                "",
                warm_runner=environment,
            )
            container.start()
            pidfd = _pidfd_of(container)
            if pidfd is not None:
                ready, _, _ = select.select([listener.fileno(), pidfd], [], [], START_TIMEOUT_S)
            if pidfd is None or listener.fileno() not in ready:
                if pidfd is not None:
                    os.close(pidfd)
                text = said_by(hostdir).decode("utf-8", "replace")
                raise OSError(f"its container did not connect: {text.strip()[-500:]}")
            control, _ = listener.accept()
            return ContainerProcess(container, pidfd, hostdir), control
        except (DockerException, OSError, KeyError, ValueError) as error:
            if container is not None:
                with contextlib.suppress(DockerException):
                    container.remove(force=True)
            shutil.rmtree(hostdir, ignore_errors=True)
            raise OSError(f"in a container: {first_line(error)}") from error
        finally:
            listener.close()

    return start


class ForkedRuns:
    """The docker backend's forked runs: their warm containers, one per kind of program, or
    why each submission gets a container of its own instead."""

    def __init__(
        self, client: DockerClient, tag: str, python: str, options: SandboxOptions
    ) -> None:
        self._client, self._tag, self._python = client, tag, python
        self._languages = options.languages
        self._runners = WarmRunners()
        self._needs, self._refused = self._what_runs_need(options)
        if self._needs is not None:
            self.zygote_for((), wait=False)  # the Python runner's: started now, used soon

    @staticmethod
    def _what_runs_need(options: SandboxOptions) -> tuple[tuple[CgroupParents, Filter] | None, str]:
        """Their control groups and the seccomp filter each installs, or None and why not."""
        if not options.warm:
            return None, "warm runners were turned off"
        if options.oci_runtime:
            return None, f"the {options.oci_runtime} runtime starts a container per run"
        cgroups, why = find_cgroup_parents()
        if cgroups is None:
            return None, why
        remove_orphaned_groups(cgroups)
        try:
            return (cgroups, compiled_filter()), ""
        except SeccompUnavailable as error:
            return None, str(error)

    @property
    def allowed(self) -> bool:
        return self._needs is not None

    @property
    def usable(self) -> bool:
        return self._needs is not None and not self._runners.failure

    @property
    def why_not(self) -> str:
        if self._refused or not self._runners.failure:
            return self._refused
        return f"the warm container did not start: {self._runners.failure[-200:]}"

    def zygote_for(self, mounts: tuple[Mount, ...], wait: bool = True) -> Zygote | None:
        """The warm container for programs with these host trees bound in, started on first
        use; None where runs are not forked or it did not start."""
        if self._needs is None:
            return None
        cgroups, seccomp = self._needs

        def start() -> Zygote:
            launch = in_container(self._client, self._tag, self._python, list(mounts))
            preload = self._languages.warm_sources if self._languages else tuple
            return Zygote(launch, self._python, cgroups, seccomp, preload)

        key = tuple(sorted((str(m.get("Source")), m["Target"], m["Type"]) for m in mounts))
        return self._runners.get(key, start, wait)

    def close(self) -> None:
        self._runners.close()
