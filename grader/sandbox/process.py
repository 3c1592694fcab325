"""The `process` backend: one supervised child process per submission, following SANDBOX.md.

The child gets rlimits with soft == hard, its own session and process group (killed whole),
an empty environment, stdin from /dev/null, and only the result channel among its
descriptors. On Linux it also runs inside bubblewrap's namespaces as an unprivileged user
(isolation.py) and in per-run memory and pids control groups (cgroup.py) where the machine
allows. The parent alone measures time (CPU from /proc, wall clock) and memory (peak RSS,
reset between calls), and kills on any limit.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..errors import SandboxError
from ..limits import PIDS_MAX, Limits, rlimit_numbers, rlimits_in_force
from .base import START_TIMEOUT_S, ClosedOnExit, Compiled, Program
from .cgroup import CgroupParents, RunCgroup, find_cgroup_parents
from .isolation import (
    OUTPUT_DIR,
    UNPRIVILEGED_ID,
    WORKDIR,
    WORKDIR_BYTES,
    Isolation,
    bwrap_argv,
    detect_isolation,
)
from .measure import ProcMeter
from .preparation import (
    BUILD_WORKDIR_BYTES,
    MAX_ARTIFACT_BYTES,
    child_environment,
    python_places,
    rlimits,
    write_new,
)
from .seccomp import Filter, SeccompUnavailable, compiled_filter
from .supervisor import STDERR, STDOUT, SupervisedSession, run_build, wait_status
from .uids import UidBlock
from .zygote import ForkedRun, Zygote


class ProcessSandbox(ClosedOnExit):
    """Supervised subprocesses: rlimits always; namespaces (bubblewrap) and control groups
    wherever this machine allows them, and a loud warning where it does not."""

    name = "process"

    def __init__(self, isolate: bool = True, warm: bool = True) -> None:
        self._prlimit = shutil.which("prlimit")
        grader_home = str(Path(__file__).resolve().parents[2])  # the checkout or site-packages
        self._hidden = (grader_home,)
        self._isolation = (
            detect_isolation(self._prlimit, self._hidden)
            if isolate and sys.platform == "linux"
            else Isolation(None, reason="namespaces were turned off")
        )
        self._cgroups, self._cgroup_reason = find_cgroup_parents()
        self._seccomp: Filter | None = None
        self._seccomp_reason = ""
        self._uids: UidBlock | None = None
        self._uids_reason = ""
        if self._isolation.active:
            try:
                self._seccomp = compiled_filter()
            except SeccompUnavailable as error:
                self._seccomp_reason = str(error)
        if self._isolation.as_root:
            try:
                self._uids = UidBlock()
            except OSError as error:
                self._uids_reason = f"no block of run uids could be taken ({error})"
        # Each forked run needs a uid of its own: without a block, a sandbox per run.
        self._warm = warm and self._isolation.active and self._uids is not None
        self._zygotes: dict[tuple[tuple[str, ...], tuple[str, ...]], Zygote | None] = {}
        self._zygotes_lock = threading.Lock()
        self._warm_failure = ""  # why the warm runner did not start, if it did not
        if self._warm:
            # The runner most submissions need: started now, waited for at the first run.
            places = python_places()
            self._zygote_for(places.runtime_dirs, places.hidden, wait=False)

    @property
    def isolation(self) -> Isolation:
        return self._isolation

    @property
    def forks_runs(self) -> bool:
        """Whether runs are forked from a warm runner (root only) rather than each started
        in a sandbox of its own (as everywhere else, or when the warm runner did not start)."""
        return self._warm and not self._warm_failure

    def protections(self) -> tuple[str, ...]:
        found: list[str] = []
        if self._isolation.active:
            who = (
                "a uid of its own (from a block no other grader on this host uses) with no "
                "capabilities"
                if self._uids is not None
                else f"uid {UNPRIVILEGED_ID} with no capabilities"
                if self._isolation.as_root
                else "an unprivileged user namespace"
            )
            if self.forks_runs:
                found.append(
                    "forked from a warm runner into new PID, mount, IPC and UTS namespaces of "
                    "its own, with its own /proc and /tmp"
                )
            elif self._warm:
                found.append(
                    "a sandbox started per submission (the warm runner did not start: "
                    f"{self._warm_failure[-200:]})"
                )
            found += [
                "Linux namespaces (bubblewrap): no network, private PID, IPC and UTS namespaces",
                "read-only system directories; no grader code, problems, references or answers "
                f"in view; a {WORKDIR_BYTES // 2**20} MiB tmpfs as the only writable place; host "
                "information and machine-wide counters in /proc masked",
                f"runs as {who}; no_new_privs; killed with the grader (PDEATHSIG)",
            ]
        if self._seccomp is not None:
            found.append(
                "seccomp filter: no new namespaces, mounts, keyring, bpf, io_uring, "
                "userfaultfd, perf events, ptrace, clocks, modules or kexec"
            )
        if self._cgroups is not None:
            found.append(
                f"cgroup v{self._cgroups.version}: memory (no swap) and at most {PIDS_MAX} "
                "processes/threads per run"
            )
            if self._cgroups.cpu is not None:
                found.append(
                    "CPU time of every process and thread of the run counted (its cgroup), "
                    "at most one CPU per run"
                )
        elif self._isolation.active:
            found.append(f"at most {PIDS_MAX} processes/threads per run (RLIMIT_NPROC)")
        return (
            *found,
            rlimits_in_force(),
            "own session and process group, killed whole after every run",
            "wall-clock and CPU watchdog in the parent",
            "empty environment, stdin from /dev/null, only the result channel open",
            "stdout and stderr captured and capped",
        )

    def warning(self) -> str:
        """What is not protected on this machine, and how to fix it; "" when nothing."""
        missing = []
        if not self._isolation.active:
            missing.append(
                "NOT ISOLATED: a submission can read your files, use the network and signal "
                f"your processes. {self._isolation.reason}"
            )
        if self._cgroups is None:
            missing.append(f"no memory/process control group: {self._cgroup_reason}")
        if self._cgroups is None or self._cgroups.cpu is None:
            why = self._cgroups.cpu_reason if self._cgroups is not None else "no control group"
            missing.append(
                "CPU counted for the runner process alone, and not capped: a submission's "
                f"child processes go uncounted and can slow the others ({why})"
            )
        if self._isolation.active and self._seccomp is None:
            missing.append(f"no seccomp filter: {self._seccomp_reason}")
        if self._uids_reason:
            missing.append(
                f"runs share uid {UNPRIVILEGED_ID} with other graders: {self._uids_reason}"
            )
        return "\n".join(missing)

    def close(self) -> None:
        with self._zygotes_lock:
            for zygote in self._zygotes.values():
                if zygote is not None:
                    zygote.close()
            self._zygotes.clear()
        if self._uids is not None:
            self._uids.close()  # after the runs: none of them is alive any more

    def _zygote_for(
        self, runtime_dirs: tuple[str, ...], hidden: tuple[str, ...], wait: bool = True
    ) -> Zygote | None:
        """The warm runner for programs with these trees, started on first use; None where
        there is none (not root, not isolated, or it did not start: then a sandbox per run).
        `wait`: make sure it came up."""
        if not self._warm:
            return None
        key = (runtime_dirs, hidden)
        with self._zygotes_lock:
            gone = self._zygotes.get(key)
            if gone is not None and not gone.alive():
                gone.close()  # killed from outside: its next run gets a new one
                del self._zygotes[key]
            if key not in self._zygotes:
                places = python_places()
                # The Python runner is what most runs start: compiled once, in the zygote.
                from ..languages.python import runner_source

                preload = (runner_source(),)
                try:
                    self._zygotes[key] = Zygote(
                        self._isolation,
                        places.interpreter,
                        tuple(sorted({*runtime_dirs, *places.runtime_dirs})),
                        (*self._hidden, *sorted({*hidden, *places.hidden})),
                        self._cgroups,
                        self._seccomp,
                        preload,
                    )
                except SandboxError as error:
                    self._zygotes[key] = None
                    self._warm_failure = str(error)
            zygote = self._zygotes[key]
        if zygote is not None and wait and not zygote.usable():
            with self._zygotes_lock:
                self._zygotes[key] = None
                self._warm_failure = zygote.failure or "it said nothing"
            return None
        return zygote

    def compile(self, program: Program, limits: Limits, artifact: str) -> Compiled:
        launch = self._launch()
        wanted = rlimits(limits, 0, program, file_bytes=MAX_ARTIFACT_BYTES)
        outcome, built = run_build(
            lambda output: _Child(program, limits, wanted, launch, BUILD_WORKDIR_BYTES, output),
            limits,
            artifact,
        )
        return Compiled(outcome, built)

    def _launch(self) -> _Launch:
        return _Launch(
            self._prlimit, self._isolation, self._cgroups, self._hidden, self._seccomp, self._uids
        )

    def session(self, program: Program, limits: Limits, calls: int) -> SupervisedSession:
        wanted = rlimits(limits, calls, program)
        zygote = self._zygote_for(program.runtime_dirs, program.hidden)
        if zygote is not None and self._uids is not None:
            uids = self._uids
            return SupervisedSession(
                lambda: ForkedRun(zygote, program, limits, wanted, uids.next()), limits
            )
        launch = self._launch()
        return SupervisedSession(lambda: _Child(program, limits, wanted, launch), limits)


@dataclass(frozen=True, slots=True)
class _Launch:
    """What this machine allows, as the recipe for starting one child."""

    prlimit: str | None
    isolation: Isolation
    cgroups: CgroupParents | None
    hidden: tuple[str, ...]
    seccomp: Filter | None
    uids: UidBlock | None  # None: UNPRIVILEGED_ID (or a user namespace's own)


class _Child:
    """A subprocess started in its sandbox: a `Child` for the supervisor."""

    def __init__(
        self,
        program: Program,
        limits: Limits,
        wanted: dict[str, int],
        launch: _Launch,
        workdir_bytes: int = WORKDIR_BYTES,
        output_dir: str | None = None,
    ) -> None:
        self._isolated = launch.isolation.active and launch.prlimit is not None
        # Isolated, this directory only holds the program's files, bound read-only into the
        # sandbox; the child writes to its own tmpfs, so nothing it makes reaches the host.
        self._workdir = tempfile.mkdtemp(prefix="grader-")
        self._cgroup: RunCgroup | None = None
        self._status_pipe: IO[bytes] | None = None
        try:
            for name, content in program.files:
                write_new(self._workdir, name, content)
            if output_dir is not None and not self._isolated:
                # Unisolated, the work dir is the host's: out/ must lead to the build's dir.
                os.symlink(output_dir, os.path.join(self._workdir, OUTPUT_DIR))
            if launch.cgroups is not None:
                self._cgroup = RunCgroup(launch.cgroups, limits.memory_mib * 2**20)
            parent_end, child_end = socket.socketpair()
        except OSError as error:
            self._remove_files()
            raise SandboxError(f"cannot prepare the work directory: {error}") from error
        self.channel = parent_end
        # NPROC only where it counts this run alone (an unprivileged uid or a user
        # namespace): it never binds root.
        rlimits = wanted | ({"nproc": PIDS_MAX} if self._isolated else {})
        inner_workdir = WORKDIR if self._isolated else self._workdir
        env = child_environment(inner_workdir) | {"GRADER_FD": str(child_end.fileno())}
        status_read, status_write = os.pipe() if self._isolated else (-1, -1)
        seccomp_fd = (
            launch.seccomp.descriptor() if self._isolated and launch.seccomp is not None else None
        )
        passed = (child_end.fileno(), *((status_write,) if self._isolated else ()))
        passed += (seccomp_fd,) if seccomp_fd is not None else ()
        if self._isolated and launch.prlimit is not None:
            argv = bwrap_argv(
                launch.isolation,
                program.argv,
                self._workdir,
                (name for name, _ in program.files),
                program.runtime_dirs,
                (*launch.hidden, *program.hidden),
                launch.prlimit,
                rlimits,
                status_write,
                workdir_bytes,
                output_dir,
                seccomp_fd,
                launch.uids.next() if launch.uids is not None else UNPRIVILEGED_ID,
            )
        elif launch.prlimit:
            limits_argv = [f"--{name}={value}:{value}" for name, value in rlimits.items()]
            argv = [launch.prlimit, *limits_argv, "--", *program.argv]
        else:
            argv = list(program.argv)
        if self._cgroup is not None:
            # The shell joins the groups, then becomes the launcher: no process of the run is
            # ever outside them, and no pre-exec hook runs in a threaded grader.
            joins = self._cgroup.join_files
            argv = [
                "/bin/sh",
                "-c",
                'for f in "$@"; do [ "$f" = -- ] && break; echo $$ > "$f" || exit 125; shift; '
                'done; shift; exec "$@"',
                "grader-cgroup",
                *joins,
                "--",
                *argv,
            ]
        try:
            self._process = subprocess.Popen(
                argv,
                cwd=self._workdir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=passed,
                close_fds=True,
                start_new_session=True,
                preexec_fn=None if launch.prlimit else _rlimit_setter(rlimits),
            )
        except OSError as error:
            parent_end.close()
            self._remove_files()
            raise SandboxError(f"cannot start {program.argv[0]}: {error}") from error
        finally:
            child_end.close()
            if self._isolated:
                os.close(status_write)
            if seccomp_fd is not None:
                os.close(seccomp_fd)
        # The runner's pid in the grader's PID namespace: bubblewrap's child when isolated.
        self._pid = self._sandboxed_pid(status_read) if self._isolated else self._process.pid
        assert self._process.stdout is not None and self._process.stderr is not None
        self.exit_fd: int | None = None
        with contextlib.suppress(AttributeError, OSError):  # Linux >= 5.3 only
            self.exit_fd = os.pidfd_open(self._process.pid)
        self.streams = {
            self._process.stdout.fileno(): STDOUT,
            self._process.stderr.fileno(): STDERR,
        }
        self.meter = ProcMeter(self._pid, self._cgroup.cpu if self._cgroup is not None else None)

    def _sandboxed_pid(self, status_read: int) -> int:
        """bubblewrap names the sandboxed process in its first status line; if it exits
        first, setting up the sandbox failed: a fault of the machine, not the submission."""
        # Kept open until the end: bubblewrap dies of SIGPIPE writing its exit status to a
        # closed pipe, which would read as the runner's death.
        self._status_pipe = os.fdopen(status_read, "rb")
        ready, _, _ = select.select([self._status_pipe], [], [], START_TIMEOUT_S)
        line = self._status_pipe.readline() if ready else b""
        try:
            return int(json.loads(line)["child-pid"])
        except (ValueError, KeyError, TypeError):
            self._status_pipe.close()
        self._process.kill()
        _, error_text = self._process.communicate()
        self.channel.close()
        self._remove_files()
        said = error_text.decode("utf-8", "replace").strip() or "no status from bubblewrap"
        raise SandboxError(f"the sandbox did not start: {said[-500:]}")

    # -- how it ends ----------------------------------------------------------------------

    def reap(self) -> tuple[int | None, int | None]:
        launcher = self._process.pid
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(launcher, signal.SIGKILL)  # whatever it started goes with it
        if self._pid != launcher:
            # The namespace's init: the kernel kills every process in it when it dies.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(self._pid, signal.SIGKILL)
        try:
            _, status, _ = os.wait4(launcher, 0)
        except ChildProcessError:
            status = 0
        self._process.returncode = status  # tell Popen it is gone
        return wait_status(status, self._isolated)

    def out_of_memory(self) -> bool:
        return self._cgroup is not None and self._cgroup.oom_killed()

    def release(self) -> None:
        for closable in (self._process.stdout, self._process.stderr, self._status_pipe):
            if closable is not None:
                closable.close()
        self._remove_files()

    def _remove_files(self) -> None:
        if self._cgroup is not None:
            self._cgroup.remove()  # kills any process of the run that is somehow still alive
        # rmtree never follows symlinks a submission planted (Judge0 CVE-2024-28185).
        shutil.rmtree(self._workdir, ignore_errors=True)


def _rlimit_setter(wanted: dict[str, int]) -> Callable[[], None]:
    """Where `prlimit` is missing (macOS), set the limits between fork and exec instead."""
    import resource

    numbers = rlimit_numbers(wanted)

    def apply() -> None:
        for number, value in numbers:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(number, (value, value))

    return apply
