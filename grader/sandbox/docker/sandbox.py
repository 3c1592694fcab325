"""The `docker` backend: each submission in its own container, through the Docker SDK.

A container per submission (a fresh one after any kill, never one per test, never reused),
started before its submission arrives: no network, read-only root, a size-capped tmpfs work
directory, memory without swap, a pids limit, one CPU, no capabilities, no-new-privileges,
uid 65534. Only the submission's files go in, bound read-only, next to a Unix socket the
runner connects to: the same frames and the same supervision (supervisor.py) as the process
backend. How containers are made, started ahead and removed: engine.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from ...errors import SandboxUnavailable
from ...limits import PIDS_MAX, Limits, docker_ulimits, rlimits_in_force
from ..base import Child, ClosedOnExit, Compiled, Program, Runtime
from ..cgroup import CgroupParents, find_cgroup_parents
from ..files import MAX_ARTIFACT_BYTES, WORKDIR_BYTES
from ..options import SandboxOptions
from ..preparation import rlimits
from ..process.forked import ForkedRun
from ..process.zygote import WarmRunners, Zygote
from ..seccomp import Filter, SeccompUnavailable, compiled_filter
from ..session import SupervisedSession, run_build
from ..uids import UidBlock
from .build import Build
from .containers import (
    GVISOR,
    GVISOR_ARGS,
    RUN_LABEL,
    Recipe,
    first_line,
    toolchain_mounts,
)
from .image import ARGV0_LABEL, image_tag
from .pool import Pool
from .warm import in_container

if TYPE_CHECKING:
    from docker import DockerClient
    from docker.types import Mount

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
            f"the Docker engine is not reachable ({first_line(error)}): {ENGINE_HINT}"
        ) from None
    return client


def default_runtimes() -> tuple[Runtime, ...]:
    """The runtimes of every registered language: what the image must carry."""
    from ...languages import LANGUAGES

    carried = (language.runtime() for language in LANGUAGES.values())
    return tuple(runtime for runtime in carried if runtime is not None)


class DockerSandbox(ClosedOnExit):
    name = "docker"

    def __init__(
        self,
        toolchains: tuple[Runtime, ...] | None = None,
        client: DockerClient | None = None,
        options: SandboxOptions | None = None,
    ) -> None:
        """`toolchains`: the languages' runtimes the image must carry (by default every
        language's); `options`: the image tag, the engine's OCI runtime, `warm`."""
        self._options = options or SandboxOptions()
        self._client = client or connect()
        from docker.errors import DockerException, ImageNotFound

        self._tag = self._options.image or image_tag(toolchains or default_runtimes())
        try:
            labels = self._client.images.get(self._tag).labels or {}
        except ImageNotFound:
            self.close()
            raise SandboxUnavailable(
                f"the sandbox image {self._tag} is missing: build it with `grader image build`"
            ) from None
        except DockerException as error:
            self.close()
            raise SandboxUnavailable(f"cannot look up {self._tag}: {first_line(error)}") from None
        if self._options.oci_runtime:
            why = runtime_missing(self._client, self._options.oci_runtime)
            if why:
                self.close()
                raise SandboxUnavailable(why)
        self._remove_orphans()
        try:
            self._uids = UidBlock()
        except OSError as error:
            self.close()
            raise SandboxUnavailable(f"no block of run uids could be taken: {error}") from None
        self._executables = {
            key.removeprefix(ARGV0_LABEL): value
            for key, value in labels.items()
            if key.startswith(ARGV0_LABEL)
        }
        self._runners = WarmRunners()
        self._forking, self._cold_reason = self._forking_allowed()
        # A container per submission: builds aside, where runs cannot be forked (gVisor, no
        # control groups or seccomp here, `warm` off) or the warm runner did not start.
        self._pool = Pool(
            self._client, self._uids.next, ahead=self._options.warm and self._forking is None
        )
        if self._forking is not None:
            self._zygote_for((), wait=False)  # the Python runner's: started now, used soon

    def _forking_allowed(self) -> tuple[tuple[CgroupParents, Filter] | None, str]:
        """What forked runs need (their control groups, the seccomp filter each installs),
        or None and why each submission gets a container of its own instead."""
        if not self._options.warm:
            return None, "warm runners were turned off"
        if self._options.oci_runtime:
            return None, f"the {self._options.oci_runtime} runtime starts a container per run"
        cgroups, why = find_cgroup_parents()
        if cgroups is None:
            return None, why
        try:
            return (cgroups, compiled_filter()), ""
        except SeccompUnavailable as error:
            return None, str(error)

    @property
    def forks_runs(self) -> bool:
        """Whether runs are forked from a warm container (else a container per submission)."""
        return self._forking is not None and not self._runners.failure

    def _zygote_for(self, mounts: tuple[Mount, ...], wait: bool = True) -> Zygote | None:
        """The warm container for programs with these host trees bound in, started on first
        use; None where runs are not forked (see _forking_allowed) or it did not start."""
        if self._forking is None:
            return None
        cgroups, seccomp = self._forking
        python = self._executables.get("python", "")

        def start() -> Zygote:
            from ...languages.python import runner_source

            launch = in_container(self._client, self._tag, python, list(mounts))
            return Zygote(launch, python, cgroups, seccomp, (runner_source(),))

        key = tuple(sorted((str(m.get("Source")), m["Target"], m["Type"]) for m in mounts))
        return self._runners.get(key, start, wait)

    @property
    def run_uids(self) -> range:
        """The uids this sandbox's containers run as."""
        return self._uids.uids

    def _remove_orphans(self) -> None:
        """Containers left by a grader that was killed mid-run (no PDEATHSIG crosses into
        the engine): still running a submission, perhaps. Remove them."""
        from docker.errors import DockerException

        with contextlib.suppress(DockerException):
            # Listed, not inspected one by one: a container another grader is removing
            # meanwhile would otherwise end the whole sweep with NotFound.
            for left in self._client.api.containers(all=True, filters={"label": RUN_LABEL}):
                owner = (left.get("Labels") or {}).get(RUN_LABEL, "")
                if owner.isdigit() and not _alive(int(owner)):
                    with contextlib.suppress(DockerException):
                        self._client.api.remove_container(left["Id"], force=True)

    def protections(self) -> tuple[str, ...]:
        forked = (
            f"a warm container from the local image {self._tag} (root with only the four "
            "capabilities needed to make namespaces and change uid), each run forked from it "
            "into new PID, mount, IPC, UTS and cgroup namespaces of its own, with its own "
            "/proc and /tmp, and the control groups of its slot",
            "each run: a uid of its own (from a block no other grader on this host uses), no "
            "capabilities, no_new_privs, the seccomp filter: no new namespaces, mounts, "
            "keyring, bpf, io_uring, userfaultfd, perf events, ptrace, clocks, modules or kexec",
            f"a {WORKDIR_BYTES // 2**20} MiB tmpfs as the only writable place; host "
            "information and machine-wide counters in /proc masked",
            f"cgroup v1: memory (no swap; out of memory is MLE) and at most {PIDS_MAX} "
            "processes/threads per run; CPU time of every process of the run counted, at "
            "most one CPU per run",
            rlimits_in_force(),
            "no network (--network none, and a network namespace per slot); read-only root",
            "wall-clock and CPU watchdog in the parent; every process of a run killed with it",
            "empty environment, stdin from /dev/null, stdout and stderr captured and capped",
        )
        if self.forks_runs:
            return forked
        why = self._cold_reason or (
            f"the warm container did not start: {self._runners.failure[-200:]}"
            if self._runners.failure
            else ""
        )
        return (
            f"Docker container per submission from the local image {self._tag}, started "
            "before it is needed and never reused" + (f" ({why})" if why else ""),
            "no network (--network none); read-only root; no capabilities; no-new-privileges",
            (
                "gVisor (runsc): every system call of the program answered by gVisor's own "
                "kernel in user space, never the host's; CPU and memory read from the "
                "container's control group (memory includes gVisor's own, tens of MiB)"
                if self._options.oci_runtime == GVISOR
                else "seccomp filter: no new namespaces, mounts, keyring, bpf, io_uring, "
                "userfaultfd, perf events, ptrace, clocks, modules or kexec"
            ),
            "runs as a uid of its own (from a block no other grader on this host uses); only "
            "the submission's files inside, read-only",
            f"a {WORKDIR_BYTES // 2**20} MiB tmpfs as the only writable place (/dev/shm "
            "read-only); host information in /proc masked",
            f"memory limit without swap (out of memory is MLE); at most {PIDS_MAX} "
            "processes/threads; one CPU; CPU time of every process of the container counted",
            rlimits_in_force(docker=True),
            "wall-clock and CPU watchdog in the parent; container removed after every run",
            "empty environment, no stdin, stdout and stderr captured and capped",
        )

    def warning(self) -> str:
        return ""

    def close(self) -> None:
        if hasattr(self, "_runners"):
            self._runners.close()
        if hasattr(self, "_pool"):
            self._pool.close()
        if hasattr(self, "_uids"):
            self._uids.close()
        self._client.close()

    def session(self, program: Program, limits: Limits, calls: int) -> SupervisedSession:
        argv = self._argv(program)
        mounts = () if program.language in self._executables else tuple(toolchain_mounts(program))
        zygote = self._zygote_for(mounts)
        if zygote is not None:
            here, wanted_here, uids = (
                replace(program, argv=argv),
                rlimits(limits, calls, program),
                self._uids,
            )
            return SupervisedSession(
                lambda: ForkedRun(zygote, here, limits, wanted_here, uids.next()), limits
            )
        wanted = docker_ulimits(rlimits(limits, calls, program))
        recipe = Recipe(
            self._tag,
            self._executables.get("python", ""),
            program.language,
            limits.memory_mib,
            tuple(sorted(wanted.items())),
            self._options.oci_runtime,
            mounts,
        )

        def start() -> Child:
            container = self._pool.take(recipe, limits)
            container.give(argv, program)
            return container

        return SupervisedSession(start, limits)

    def compile(self, program: Program, limits: Limits, artifact: str) -> Compiled:
        argv = self._argv(program)
        wanted = docker_ulimits(rlimits(limits, 0, program, file_bytes=MAX_ARTIFACT_BYTES))
        builds: list[Build] = []

        def start(output: str) -> Child:
            builds.append(
                Build(
                    self._client,
                    self._tag,
                    argv,
                    program,
                    limits,
                    wanted,
                    output,
                    self._uids.next(),
                    self._options.oci_runtime,
                )
            )
            return builds[-1]

        outcome, built = run_build(start, limits, artifact)
        return Compiled(builds[0].logged(outcome), built)

    def _argv(self, program: Program) -> tuple[str, ...]:
        """The image's own executable for a language it carries (Python); any other runs
        from the host's toolchain, mounted read-only (engine.toolchain_mounts)."""
        executable = self._executables.get(program.language)
        return (executable, *program.argv[1:]) if executable else program.argv


def runtime_missing(client: DockerClient, runtime: str) -> str:
    """Why the engine cannot run containers on `runtime` as the backend needs ("" if it can)."""
    from docker.errors import DockerException

    try:
        registered = client.info().get("Runtimes") or {}
    except DockerException as error:
        return f"cannot ask the engine for its runtimes: {first_line(error)}"
    needed = GVISOR_ARGS if runtime == GVISOR else ()
    settings = {"path": "/usr/bin/runsc", "runtimeArgs": list(needed)}
    how = (
        f'register it in the engine\'s daemon.json as "runtimes": {{"{runtime}": '
        f"{json.dumps(settings)}}} and restart the engine (scripts/start-docker does this for "
        "an engine it starts)"
    )
    if runtime not in registered:
        install = " (Debian: apt-get install runsc)" if runtime == GVISOR else ""
        return f"the Docker engine has no {runtime!r} runtime{install}: {how}"
    given = registered[runtime].get("runtimeArgs") or []
    lacking = [arg for arg in needed if arg not in given]
    if lacking:
        return f"the engine's {runtime!r} runtime lacks {' '.join(lacking)}: {how}"
    return ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
