"""A run forked by the warm runner (zygote.py), handed to the supervisor as a `Child`."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import socket
import struct

from ...errors import SandboxError
from ...limits import PIDS_MAX, Limits, rlimit_numbers
from ..base import START_TIMEOUT_S, Program
from ..files import WORKDIR, WORKDIR_BYTES
from ..frames import STDERR, STDOUT
from ..measure import ProcMeter
from ..preparation import child_environment, runner_request
from ..session import wait_status
from .zygote import CHANNEL_FD, Slot, Zygote, credited_pid, status_pair


class ForkedRun:
    """One run forked by the warm runner, a `Child` like any other: its pid in the
    grader's PID namespace arrives with its first status message."""

    def __init__(
        self, zygote: Zygote, program: Program, limits: Limits, rlimits: dict[str, int], uid: int
    ) -> None:
        self._pidfd: int | None = None
        self._zygote = zygote
        self._slot: Slot | None = zygote.acquire(limits.memory_mib * 2**20)
        self.channel, channel_end = socket.socketpair()
        self._status, status_end = status_pair()
        self._stdout, out_write = os.pipe()
        self._stderr, err_write = os.pipe()
        # The run's ends: sent with the request, then closed here whatever happens.
        ends = [status_end.detach(), channel_end.detach(), out_write, err_write]
        try:
            ends += [zygote.files.open(name, content) for name, content in program.files]
            request = runner_request(
                program,
                zygote.interpreter,
                env=child_environment(WORKDIR) | {"GRADER_FD": str(CHANNEL_FD)},
                channel_fd=CHANNEL_FD,
                tmp=WORKDIR_BYTES + sum(len(content) for _, content in program.files),
                rlimits=rlimit_numbers(rlimits | {"nproc": PIDS_MAX}),
                uid=uid,
            )
            zygote.fork(request, ends, self._slot)
        except (OSError, SandboxError) as error:
            self._release([self._stdout, self._stderr])
            raise SandboxError(f"cannot start the run: {error}") from error
        finally:
            for fd in ends:
                os.close(fd)
        pid = self._await_start()
        self.streams = {self._stdout: STDOUT, self._stderr: STDERR}
        # The supervisor closes the descriptor it watches; the socket stays ours to read.
        self.exit_fd: int | None = os.dup(self._status.fileno())
        cgroup = self._slot.cgroup if self._slot is not None else None
        self.meter = ProcMeter(pid, cgroup.cpu if cgroup is not None else None)

    def _await_start(self) -> int:
        """The run's pid, once it says it is ready. If its parent reports an exit first, or
        the warm runner closes the socket, setting up failed: the machine's fault."""
        pid = credited_pid(self._status, b"R")
        if pid is not None:
            # A run may already be over (a program that exits at once): nothing to signal
            # then, and its exit report is on its way.
            with contextlib.suppress(ProcessLookupError):
                self._pidfd = os.pidfd_open(pid)
            return pid
        said = b""
        with contextlib.suppress(OSError):
            os.set_blocking(self._stderr, False)
            said = os.read(self._stderr, 4096)
        self._release([self._stdout, self._stderr])
        text = said.decode("utf-8", "replace").strip() or "the warm runner did not start it"
        raise SandboxError(f"the sandbox did not start: {text[-500:]}")

    def reap(self) -> tuple[int | None, int | None]:
        # A run that ended by itself has its report waiting (or on its way, if it ended
        # before its pid could be held). One still running is killed, and its report is
        # not waited for here: the slot waits for it before its next run (Slot.settle).
        timeout = 0.0 if self._pidfd is not None else START_TIMEOUT_S
        ready, _, _ = select.select([self._status], [], [], timeout)
        if ready:
            message = self._status.recv(16)
            raw = struct.unpack("i", message[1:5])[0] if message[:1] == b"E" else 9
            return wait_status(raw, via_bwrap=False)
        assert self._pidfd is not None
        with contextlib.suppress(ProcessLookupError):
            signal.pidfd_send_signal(self._pidfd, signal.SIGKILL)  # pid 1: all of it goes
        if self._slot is not None:
            self._slot.dying = self._status.dup()
        return None, signal.SIGKILL

    def out_of_memory(self) -> bool:
        cgroup = self._slot.cgroup if self._slot is not None else None
        return cgroup is not None and cgroup.oom_killed()

    def release(self) -> None:
        self._release([self._stdout, self._stderr])

    def _release(self, fds: list[int]) -> None:
        for fd in [*fds, *([self._pidfd] if self._pidfd is not None else [])]:
            with contextlib.suppress(OSError):
                os.close(fd)
        self._pidfd = None
        self._status.close()
        self.channel.close()
        if self._slot is not None:
            self._zygote.release(self._slot)
            self._slot = None
