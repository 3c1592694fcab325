"""The `docker` backend: each submission in its own container, through the Docker SDK.

A container per submission (a fresh one after any kill, never one per test): no network,
read-only root, a size-capped tmpfs work directory, memory without swap, a pids limit, one
CPU, no capabilities, no-new-privileges, uid 65534. Only the submission's files go in, bound
read-only, next to a Unix socket the runner connects to: the same frames and the same
supervision (supervisor.py) as the process backend.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import socket
import tempfile
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from ..errors import SandboxError, SandboxUnavailable
from ..problem import Limits
from .base import Compiled, Program, RunOutcome, Runtime
from .image import ARGV0_LABEL, image_tag
from .isolation import OUTPUT_DIR, SYSTEM_FILES, UNPRIVILEGED_ID, WORKDIR, WORKDIR_BYTES
from .preparation import (
    BUILD_WORKDIR_BYTES,
    MAX_ARTIFACT_BYTES,
    child_environment,
    rlimits,
    write_new,
)
from .supervisor import (
    OUTPUT_HEAD,
    Supervised,
    SupervisedSession,
    run_build,
)

if TYPE_CHECKING:
    from docker import DockerClient
    from docker.models.containers import Container
    from docker.types import Mount

CHANNEL_DIR: Final = "/run/grader"
RUN_LABEL: Final = "org.grader.run"  # its value: the pid of the grader that made it
PIDS_LIMIT: Final = 64
START_TIMEOUT_S: Final = 30.0
ENGINE_HINT: Final = (
    "start the Docker engine (systemctl start docker, or dockerd &), make sure you may use it "
    "(the docker group), or use --sandbox process"
)


def connect() -> DockerClient:
    """A client for the local engine, or SandboxUnavailable saying why and what to do."""
    try:
        import docker
        from docker.errors import DockerException
    except ImportError as error:
        raise SandboxUnavailable(
            f"the Docker SDK is not installed ({error}): pip install docker"
        ) from None
    host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
    if host.startswith("unix://"):
        # Knock first: the SDK leaks its socket when the engine is not there.
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as knock:
            try:
                knock.connect(host.removeprefix("unix://"))
            except OSError as error:
                raise SandboxUnavailable(
                    f"the Docker engine is not reachable ({host}: {error.strerror}): {ENGINE_HINT}"
                ) from None
    client = None
    try:
        client = docker.from_env(timeout=60)
        client.ping()
    except DockerException as error:
        if client is not None:
            client.close()
        raise SandboxUnavailable(
            f"the Docker engine is not reachable ({_first_line(error)}): {ENGINE_HINT}"
        ) from None
    return client


def default_runtimes() -> tuple[Runtime, ...]:
    """The runtimes of every registered language: what the image must carry."""
    from ..languages import LANGUAGES

    carried = (language.runtime() for language in LANGUAGES.values())
    return tuple(runtime for runtime in carried if runtime is not None)


class DockerSandbox:
    name = "docker"

    def __init__(
        self, runtimes: tuple[Runtime, ...] | None = None, client: DockerClient | None = None
    ) -> None:
        self._client = client or connect()
        from docker.errors import DockerException, ImageNotFound

        self._tag = image_tag(runtimes or default_runtimes())
        try:
            labels = self._client.images.get(self._tag).labels or {}
        except ImageNotFound:
            self.close()
            raise SandboxUnavailable(
                f"the sandbox image {self._tag} is missing: build it with `grader image build`"
            ) from None
        except DockerException as error:
            self.close()
            raise SandboxUnavailable(f"cannot look up {self._tag}: {_first_line(error)}") from None
        self._remove_orphans()
        self._executables = {
            key.removeprefix(ARGV0_LABEL): value
            for key, value in labels.items()
            if key.startswith(ARGV0_LABEL)
        }

    def _remove_orphans(self) -> None:
        """Containers left by a grader that was killed mid-run (no PDEATHSIG crosses into
        the engine): still running a submission, perhaps. Remove them."""
        from docker.errors import DockerException

        with contextlib.suppress(DockerException):
            for left in self._client.containers.list(all=True, filters={"label": RUN_LABEL}):
                owner = left.labels.get(RUN_LABEL, "")
                if owner.isdigit() and not _alive(int(owner)):
                    with contextlib.suppress(DockerException):
                        left.remove(force=True)

    def protections(self) -> tuple[str, ...]:
        return (
            f"Docker container per submission from the local image {self._tag}",
            "no network (--network none); read-only root; no capabilities; no-new-privileges",
            f"runs as uid {UNPRIVILEGED_ID}; only the submission's files inside, read-only",
            f"a {WORKDIR_BYTES // 2**20} MiB tmpfs as the only writable place",
            f"memory limit without swap (out of memory is MLE); at most {PIDS_LIMIT} "
            "processes/threads; one CPU",
            "rlimits (soft = hard): CPU time, data size, file size, open files, no core",
            "wall-clock and CPU watchdog in the parent; container removed after every run",
            "empty environment, no stdin, stdout and stderr captured and capped",
        )

    def warning(self) -> str:
        return ""

    def close(self) -> None:
        self._client.close()

    def session(self, program: Program, limits: Limits, calls: int) -> SupervisedSession:
        argv = self._argv(program)
        wanted = _ulimits(rlimits(limits, calls, program))
        return SupervisedSession(
            lambda: _Container(self._client, self._tag, argv, program, limits, wanted), limits
        )

    def compile(self, program: Program, limits: Limits, artifact: str) -> Compiled:
        argv = self._argv(program)
        wanted = _ulimits(rlimits(limits, 0, program, file_bytes=MAX_ARTIFACT_BYTES))
        outcome, built = run_build(
            lambda output: _Container(
                self._client, self._tag, argv, program, limits, wanted, output
            ),
            limits,
            artifact,
        )
        return Compiled(outcome, built)

    def _argv(self, program: Program) -> tuple[str, ...]:
        """The image's own executable for a language it carries (Python); any other runs
        from the host's toolchain, mounted read-only (see `_Container`)."""
        executable = self._executables.get(program.language)
        return (executable, *program.argv[1:]) if executable else program.argv


class _Container(Supervised):
    def __init__(
        self,
        client: DockerClient,
        tag: str,
        argv: tuple[str, ...],
        program: Program,
        limits: Limits,
        wanted: dict[str, int],
        output_dir: str | None = None,
    ) -> None:
        from docker.errors import DockerException
        from docker.types import LogConfig, Mount, Ulimit

        self._limits = limits
        self._building = output_dir is not None
        self._logs = (b"", b"")
        self._oom_killed = False
        self._container: Container | None = None
        self._connections: list[socket.socket] = []
        # Only the program's files and the channel's socket, bound read-only: the container
        # cannot leave anything here for the grader to trip over.
        self._hostdir = tempfile.mkdtemp(prefix="grader-docker-")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            os.chmod(self._hostdir, 0o711)
            for name, content in program.files:
                if name == "channel":
                    raise OSError("a program file may not be called 'channel'")
                write_new(self._hostdir, name, content)
            listener.bind(os.path.join(self._hostdir, "channel"))
            os.chmod(os.path.join(self._hostdir, "channel"), 0o666)
            listener.listen(3)
            memory = limits.memory_mib * 2**20
            ulimits = [Ulimit(name=name, soft=v, hard=v) for name, v in wanted.items()]
            mounts = [Mount(CHANNEL_DIR, self._hostdir, type="bind", read_only=True)]
            mounts += [
                Mount(f"{WORKDIR}/{name}", os.path.join(self._hostdir, name), "bind", True)
                for name, _ in program.files
            ]
            if output_dir is not None:
                mounts.append(Mount(f"{WORKDIR}/{OUTPUT_DIR}", output_dir, "bind", False))
            if argv == program.argv:  # a toolchain of the host's, not of the image
                mounts += _toolchain_mounts(program)
            workdir_bytes = BUILD_WORKDIR_BYTES if self._building else WORKDIR_BYTES
            self._container = client.containers.create(
                tag,
                command=list(argv),
                user=f"{UNPRIVILEGED_ID}:{UNPRIVILEGED_ID}",
                environment=child_environment(WORKDIR)
                | {"GRADER_SOCKET": f"{CHANNEL_DIR}/channel"},
                working_dir=WORKDIR,
                hostname="sandbox",
                network_mode="none",
                read_only=True,
                tmpfs={WORKDIR: f"rw,exec,nosuid,nodev,size={workdir_bytes},mode=1777"},
                mounts=mounts,
                mem_limit=memory,
                memswap_limit=memory,
                pids_limit=PIDS_LIMIT,
                nano_cpus=1_000_000_000,
                cap_drop=["ALL"],
                security_opt=["no-new-privileges"],
                ulimits=ulimits,
                # A build speaks no protocol: its messages are read from the engine's log.
                log_config=LogConfig(
                    type="json-file" if self._building else "none",
                    config={"max-size": "1m"} if self._building else {},
                ),
                stdin_open=False,
                tty=False,
                labels={RUN_LABEL: str(os.getpid())},
            )
            self._container.start()
            self._container.reload()
            self.pid = int(self._container.attrs["State"]["Pid"])
            pidfd: int | None = None
            with contextlib.suppress(AttributeError, OSError, ValueError):
                pidfd = os.pidfd_open(self.pid) if self.pid > 0 else None
            if self._building:
                quiet, unused = socket.socketpair()
                unused.close()
                self._connections = [quiet]
            else:
                # The channel, stdout, stderr: output arrives on the grader's own kernel before
                # the frame that follows it, as through pipes (the engine's log stream lags).
                self._connections = [self._accept(listener, pidfd) for _ in range(3)]
            self._channel = self._connections[0]
        except (DockerException, OSError) as error:
            self._dispose()
            raise SandboxError(f"cannot start the container: {_first_line(error)}") from error
        except BaseException:
            self._dispose()
            raise
        finally:
            listener.close()
        streams = {c.fileno(): index for index, c in enumerate(self._connections[1:])}
        self._watch(streams, pidfd)

    def exchange(
        self,
        request: bytes | None,
        wall_limit: float,
        cpu_limit: float | None = None,
        request_id: int | None = None,
    ) -> RunOutcome:
        outcome = super().exchange(request, wall_limit, cpu_limit, request_id)
        if self._building:
            stdout, stderr = self._logs
            head = OUTPUT_HEAD * 4
            outcome = replace(
                outcome,
                stdout=stdout[:head],
                stderr=stderr[:head],
                output_bytes=len(stdout + stderr),
            )
        return outcome

    def _accept(self, listener: socket.socket, pidfd: int | None) -> socket.socket:
        watched: list[Any] = [listener] + ([pidfd] if pidfd is not None else [])
        ready, _, _ = select.select(watched, [], [], START_TIMEOUT_S)
        if listener not in ready:
            raise SandboxError(
                "the runner in the container did not connect: is the image up to date? "
                "(`grader image build`)"
            )
        connection, _ = listener.accept()
        return connection

    def _reap(self) -> None:
        if self._exit is not None:
            return
        from docker.errors import DockerException

        code: int | None = None
        if self._container is not None:
            with contextlib.suppress(DockerException):
                self._container.kill()
            try:
                code = int(self._container.wait(timeout=START_TIMEOUT_S)["StatusCode"])
                self._container.reload()
                self._oom_killed = bool(self._container.attrs["State"].get("OOMKilled"))
                if self._building:
                    self._logs = (
                        self._container.logs(stdout=True, stderr=False),
                        self._container.logs(stdout=False, stderr=True),
                    )
            except (DockerException, KeyError, ValueError, OSError):
                code = None
        # A process killed by a signal ends its container with 128 + the signal's number.
        self._exit = (None, code - 128) if code is not None and code > 128 else (code, None)

    def _out_of_memory(self) -> bool:
        return self._oom_killed

    def _cleanup(self) -> None:
        self._dispose()

    def _dispose(self) -> None:
        from docker.errors import DockerException

        for connection in self._connections:
            connection.close()
        if self._container is not None:
            with contextlib.suppress(DockerException):
                self._container.remove(force=True)
            self._container = None
        shutil.rmtree(self._hostdir, ignore_errors=True)


def _ulimits(wanted: dict[str, int]) -> dict[str, int]:
    # Docker has no address-space ulimit; the data segment (and the cgroup) bound memory.
    return {("data" if name == "as" else name): value for name, value in wanted.items()}


def _toolchain_mounts(program: Program) -> list[Mount]:
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


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _first_line(error: object) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
