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
from dataclasses import replace
from typing import TYPE_CHECKING

from ...errors import SandboxUnavailable
from ...limits import PIDS_MAX, Limits, docker_ulimits, rlimits_in_force
from ..base import Child, ClosedOnExit, Compiled, Interaction, Program, RunOutcome, Runtime
from ..cgroup import process_alive
from ..files import MAX_ARTIFACT_BYTES, NOTHING_BUILT, WORKDIR_BYTES
from ..options import SandboxOptions
from ..preparation import rlimits, shell, stdin_by_shell
from ..process.forked import ForkedRun
from ..session import SupervisedSession, run_build
from ..uids import UidBlock
from .build import Build
from .containers import (
    RUN_LABEL,
    Recipe,
    first_line,
    toolchain_mounts,
)
from .engine import connect
from .image import ARGV0_LABEL, image_tag
from .pipes import interact_in_containers
from .pool import Pool
from .runtimes import GVISOR, runtime_missing
from .warm import ForkedRuns

if TYPE_CHECKING:
    from docker import DockerClient


class DockerSandbox(ClosedOnExit):
    name = "docker"

    def __init__(
        self,
        toolchains: tuple[Runtime, ...] | None = None,
        client: DockerClient | None = None,
        options: SandboxOptions | None = None,
    ) -> None:
        """`toolchains`: the languages' runtimes the image must carry (by default those of
        `options.languages`); `options`: the image tag, the engine's OCI runtime, `warm`."""
        self._options = options or SandboxOptions()
        languages = self._options.languages
        self._client = client or connect()
        from docker.errors import DockerException, ImageNotFound

        if toolchains is None and languages is not None:
            toolchains = languages.runtimes()
        if not self._options.image and toolchains is None:
            raise SandboxUnavailable("no languages to carry: give the options their languages")
        self._tag = self._options.image or image_tag(toolchains or ())
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
        self._forked = ForkedRuns(
            self._client, self._tag, self._executables.get("python", ""), self._options
        )
        # A container per submission: builds aside, where runs cannot be forked (gVisor, no
        # control groups or seccomp here, `warm` off) or the warm runner did not start.
        warm_sources = languages.warm_sources if languages else tuple
        self._pool = Pool(
            self._client,
            self._uids.next,
            lambda: next(iter(warm_sources()), ""),
            ahead=self._options.warm and not self._forked.allowed,
        )

    @property
    def forks_runs(self) -> bool:
        """Whether runs are forked from a warm container (else a container per submission)."""
        return self._forked.usable

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
                if owner.isdigit() and not process_alive(int(owner)):
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
        why = self._forked.why_not
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
        if hasattr(self, "_forked"):
            self._forked.close()
        if hasattr(self, "_pool"):
            self._pool.close()
        if hasattr(self, "_uids"):
            self._uids.close()
        self._client.close()

    def session(self, program: Program, limits: Limits, calls: int) -> SupervisedSession:
        argv = self._argv(program)
        mounts = () if program.language in self._executables else tuple(toolchain_mounts(program))
        zygote = self._forked.zygote_for(mounts)
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
        return Compiled(outcome, built)

    def run(self, program: Program, limits: Limits) -> RunOutcome:
        return self.compile(stdin_by_shell(program), limits, NOTHING_BUILT).outcome

    def interact(
        self,
        program: Program,
        limits: Limits,
        peer: Program,
        peer_limits: Limits,
        artifacts: tuple[str, ...],
    ) -> Interaction:
        if self._options.oci_runtime == GVISOR:
            raise SandboxUnavailable(
                "gVisor binds no host FIFO into a container, and an engine hands a container no "
                "descriptor: interactive problems run under the process or docker backend"
            )

        def build(
            side: Program, side_limits: Limits, output: str, pipes: tuple[tuple[str, str], ...]
        ) -> Child:
            wanted = docker_ulimits(rlimits(side_limits, 0, side, file_bytes=MAX_ARTIFACT_BYTES))
            return Build(
                self._client,
                self._tag,
                self._argv(side),
                side,
                side_limits,
                wanted,
                output,
                self._uids.next(),
                self._options.oci_runtime,
                pipes,
            )

        return interact_in_containers(build, shell(), program, limits, peer, peer_limits, artifacts)

    def _argv(self, program: Program) -> tuple[str, ...]:
        """The image's own executable for a language it carries (Python); any other runs
        from the host's toolchain, mounted read-only (engine.toolchain_mounts)."""
        executable = self._executables.get(program.language)
        return (executable, *program.argv[1:]) if executable else program.argv
