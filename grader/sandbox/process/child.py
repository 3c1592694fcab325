"""One run of the process backend started as a subprocess of its own: the rlimits applied by
`prlimit` (or between fork and exec where it is missing), inside bubblewrap and the run's
control groups where the machine allows, handed to the supervisor as a `Child`."""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO

from ...errors import SandboxError
from ...limits import Limits, rlimit_numbers
from ..base import START_TIMEOUT_S, Program
from ..cgroup import CgroupParents, RunCgroup
from ..files import OUTPUT_DIR, WORKDIR, WORKDIR_BYTES, write_new
from ..frames import STDERR, STDOUT
from ..measure import ProcMeter
from ..preparation import child_environment
from ..seccomp import Filter
from ..session import wait_status
from ..uids import UidBlock, kill_processes_of
from .bubblewrap import UNPRIVILEGED_ID, Isolation, bwrap_argv, setpriv_argv
from .stdio import stdio_of


@dataclass(frozen=True, slots=True)
class Launch:
    """What this machine allows, as the recipe for starting one child."""

    prlimit: str | None
    isolation: Isolation
    cgroups: CgroupParents | None
    hidden: tuple[str, ...]
    seccomp: Filter | None
    uids: UidBlock | None  # None: UNPRIVILEGED_ID (or a user namespace's own)
    setpriv_only: str = ""  # root without namespaces: setpriv, to drop each run's uid


class SandboxedProcess:
    """A subprocess started in its sandbox: a `Child` for the supervisor."""

    def __init__(
        self,
        program: Program,
        limits: Limits,
        wanted: dict[str, int],
        launch: Launch,
        workdir_bytes: int = WORKDIR_BYTES,
        output_dir: str | None = None,
        stdio: tuple[int, int] | None = None,  # (stdin, stdout): one side of an interaction
    ) -> None:
        self._isolated = launch.isolation.active and launch.prlimit is not None
        program = (started := stdio_of(program, stdio, self._isolated)).program
        self._dropped_uid, self._uid_ours = _dropped_uid(launch)
        # Isolated, this directory only holds the program's files, bound read-only into the
        # sandbox; the child writes to its own tmpfs, so nothing it makes reaches the host.
        self._workdir = tempfile.mkdtemp(prefix="grader-")
        self._cgroup: RunCgroup | None = None
        self._status_pipe: IO[bytes] | None = None
        parent_end, child_end = self._prepare(program, limits, launch, output_dir)
        self.channel = parent_end
        # NPROC only where it counts this run alone (an unprivileged uid or a user
        # namespace): it never binds root.
        rlimits = wanted | (
            {"nproc": limits.process_cap} if self._isolated or self._dropped_uid is not None else {}
        )
        inner_workdir = WORKDIR if self._isolated else self._workdir
        env = child_environment(inner_workdir) | {"GRADER_FD": str(child_end.fileno())}
        status_read, status_write = os.pipe() if self._isolated else (-1, -1)
        seccomp_fd = (
            launch.seccomp.descriptor() if self._isolated and launch.seccomp is not None else None
        )
        passed = (child_end.fileno(), *((status_write,) if self._isolated else ()), *started.passed)
        passed += (seccomp_fd,) if seccomp_fd is not None else ()
        argv = self._command(
            program, launch, rlimits, status_write, workdir_bytes, output_dir, seccomp_fd
        )
        try:
            self._process = subprocess.Popen(
                argv,
                cwd=self._workdir,
                env=env,
                stdin=started.stdin,
                stdout=started.stdout,
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
        self._watched(status_read)

    def _watched(self, status_read: int) -> None:
        """What the supervisor watches of the started process."""
        # The runner's pid in the grader's PID namespace: bubblewrap's child when isolated.
        self._pid = self._sandboxed_pid(status_read) if self._isolated else self._process.pid
        assert self._process.stderr is not None
        self.exit_fd: int | None = None
        with contextlib.suppress(AttributeError, OSError):  # Linux >= 5.3 only
            self.exit_fd = os.pidfd_open(self._process.pid)
        self.streams = {self._process.stderr.fileno(): STDERR}
        if self._process.stdout is not None:  # not when it goes to the other side
            self.streams[self._process.stdout.fileno()] = STDOUT
        self.meter = ProcMeter(self._pid, self._cgroup.cpu if self._cgroup is not None else None)

    def _prepare(
        self, program: Program, limits: Limits, launch: Launch, output_dir: str | None
    ) -> tuple[socket.socket, socket.socket]:
        """The program's files in the work directory, the run's control groups, and the
        channel's two ends."""
        try:
            for name, content in program.files:
                write_new(self._workdir, name, content)
            if output_dir is not None and not self._isolated:
                # Unisolated, the work dir is the host's: out/ must lead to the build's dir.
                os.symlink(output_dir, os.path.join(self._workdir, OUTPUT_DIR))
            if self._dropped_uid is not None:
                # Before the run, on folders the grader just made: nothing of the run's yet.
                for folder in (self._workdir, *((output_dir,) if output_dir else ())):
                    os.chown(folder, self._dropped_uid, self._dropped_uid)
            if launch.cgroups is not None:
                self._cgroup = RunCgroup(
                    launch.cgroups, limits.memory_mib * 2**20, limits.process_cap
                )
            return socket.socketpair()
        except OSError as error:
            self._remove_files()
            raise SandboxError(f"cannot prepare the work directory: {error}") from error

    def _command(
        self,
        program: Program,
        launch: Launch,
        rlimits: dict[str, int],
        status_write: int,
        workdir_bytes: int,
        output_dir: str | None,
        seccomp_fd: int | None,
    ) -> list[str]:
        """The command line that starts the program in its sandbox, limits and groups."""
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
            if self._dropped_uid is not None:
                argv = [*setpriv_argv(launch.setpriv_only, self._dropped_uid), *argv]
        else:
            argv = list(program.argv)
        if self._cgroup is None:
            return argv
        # The shell joins the groups, then becomes the launcher: no process of the run is
        # ever outside them, and no pre-exec hook runs in a threaded grader.
        return [
            "/bin/sh",
            "-c",
            'for f in "$@"; do [ "$f" = -- ] && break; echo $$ > "$f" || exit 125; shift; '
            'done; shift; exec "$@"',
            "grader-cgroup",
            *self._cgroup.join_files,
            "--",
            *argv,
        ]

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
        if self._dropped_uid is not None and self._uid_ours:
            # No namespace ends with the run: a daemon it left (setsid, double fork) would
            # otherwise see the next run of this uid. Only a uid no other run has is swept.
            uid_range = range(self._dropped_uid, self._dropped_uid + 1)
            for _ in range(100):  # each pass kills what forked during the last one
                if not kill_processes_of(uid_range):
                    break
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


def _dropped_uid(launch: Launch) -> tuple[int | None, bool]:
    """Where setpriv alone stands between the run and root: the uid it drops to, and whether
    that uid is this run's alone (from the grader's block, not the shared UNPRIVILEGED_ID)."""
    if not launch.setpriv_only or launch.prlimit is None:
        return None, False
    if launch.uids is None:
        return UNPRIVILEGED_ID, False
    return launch.uids.next(), True


def _rlimit_setter(wanted: dict[str, int]) -> Callable[[], None]:
    """Where `prlimit` is missing (macOS), set the limits between fork and exec instead."""
    import resource

    numbers = rlimit_numbers(wanted)

    def apply() -> None:
        for number, value in numbers:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(number, (value, value))

    return apply
