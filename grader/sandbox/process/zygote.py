"""The warm runner of the process backend: one interpreter started inside bubblewrap once,
then a fork per submission instead of a new sandbox and a new interpreter (_zygote.py runs
inside). Each forked run still gets its own PID, mount, IPC and UTS namespaces, its own uid
and /tmp; control groups and a network namespace belong to its slot, which serves one run at
a time: runs at the same time cannot see or touch each other.

Only where the grader runs as root: the warm runner needs the capabilities to make those
namespaces and to change uid, and outside a user namespace only root has them. Anywhere
else, the backend starts a sandbox per submission as before.
"""

from __future__ import annotations

import array
import contextlib
import marshal
import os
import select
import socket
import struct
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Final

from ...errors import SandboxError
from ..base import BARE_PYTHON_FLAGS, START_TIMEOUT_S
from ..cgroup import CgroupParents, RunCgroup
from ..files import masked_proc_files
from ..preparation import START_MARGIN_S
from ..seccomp import Filter
from .shared_files import SharedFiles
from .starting import StartWarmRunner

SOURCE: Final = Path(__file__).with_name("_zygote.py")
CHANNEL_FD: Final = 3  # the channel's number inside a run
STOP_TIMEOUT_S: Final = 5.0
SLOT_PROCESSES: Final = 2  # the slot and the next run, prepared while one runs
DEFAULT_SLOT_MEMORY: Final = 256 * 2**20  # until a run sets its own


class Slot:
    """A forked parent inside its own control groups, which forks one run after another:
    runs are born in the groups instead of moving into them (see _zygote.py's hold_slot)."""

    def __init__(self, control: socket.socket, cgroup: RunCgroup | None) -> None:
        self.control = control
        self.cgroup = cgroup
        self.pid = 0  # in the grader's PID namespace, once it said it is ready
        self.status: socket.socket | None = None
        self.dying: socket.socket | None = None  # the last run's, killed, not yet reported

    def settle(self) -> None:
        """Wait until the last run is gone: its processes no longer count in the groups."""
        if self.dying is not None:
            with self.dying:
                select.select([self.dying], [], [], START_TIMEOUT_S)
            self.dying = None

    def await_ready(self) -> None:
        if self.status is None:
            return
        status, self.status = self.status, None
        with status:
            pid = credited_pid(status, b"S")
        if pid is None:
            self.close()
            raise SandboxError("the sandbox could not make a slot for runs")
        self.pid = pid

    def close(self) -> None:
        self.control.close()
        for pending in (self.status, self.dying):
            if pending is not None:
                pending.close()
        if self.cgroup is not None:
            self.cgroup.remove()


class Zygote:
    """One warm interpreter in its sandbox, for programs with these runtime trees and hidden
    places. Thread-safe: the runs of a batch ask it to fork at the same time, each through a
    slot of its own where control groups exist."""

    def __init__(
        self,
        start: StartWarmRunner,
        interpreter: str,
        cgroups: CgroupParents | None,
        seccomp: Filter | None,
        preload: Callable[[], tuple[str, ...]] = tuple,
    ) -> None:
        """`start`: how the warm runner is started (inside bubblewrap, or a container) given
        its command and environment; `interpreter`: the warm runner's, as its sandbox names
        it; `seccomp`: the filter each run installs just before its program starts;
        `preload`: Python sources compiled once in the warm runner, for the runs to inherit
        (a runner compiled per run would cost more than its fork); asked for once it is
        started, and sent it then: the interpreter starts while the languages load."""
        self.interpreter = interpreter
        self._cgroups = cgroups
        self._lock = threading.Lock()
        self._ready: bool | None = None
        self._came_up = False  # it said so: past its sandbox's set-up
        self._free: list[Slot] = []
        self._served = 0
        self.files = SharedFiles()
        self.failure = ""
        source = SOURCE.read_text(encoding="utf-8")
        command = (interpreter, *BARE_PYTHON_FLAGS, "-c", source)
        environment = {
            "GRADER_SECCOMP": seccomp.program.hex() if seccomp is not None else "",
            "GRADER_MASKED": "\n".join(masked_proc_files()),
        }
        try:
            self._process, self._control = start(command, environment)
        except OSError as error:
            raise SandboxError(f"cannot start the warm runner: {error}") from error
        # Its first message, before any slot's: nothing else goes its way until it has it.
        try:
            sources = preload()
        except BaseException:
            self._stop()
            raise
        with contextlib.suppress(SandboxError):  # gone already: usable() says why
            _send(self._control, {"preload": sources}, [])
        # The first slots, made while the grader loads the problem: joining a memory group
        # is the slowest step of all. Two: runs follow one another in two slots (acquire),
        # and a batch's or a package's two threads start at once.
        for _ in range(2):
            with contextlib.suppress(SandboxError, OSError):
                self._free.append(self._new_slot(DEFAULT_SLOT_MEMORY))

    def usable(self) -> bool:
        """Whether it came up (waits for its first word once); `failure` says why not."""
        with self._lock:
            if self._ready is None:
                ready, _, _ = select.select([self._control], [], [], START_TIMEOUT_S)
                try:
                    said = self._control.recv(16) if ready else b""
                except OSError:  # it died with the first slot's request unread
                    said = b""
                self._ready = self._came_up = said == b"Z"
                if not self._ready:
                    self.failure = self._stop()
            return self._ready

    def alive(self) -> bool:
        return self._process.poll() is None

    def acquire(self, memory_bytes: int) -> Slot:
        """A slot for one run, its memory limit set. The slot free longest comes first: its
        next run was prepared while the others ran. Once runs follow one another (a
        package's tests, a batch), each taker keeps a second slot, so that the run it takes
        never waits for its own preparation: a slot prepares its next run only once its
        last one ended, never while a run in its groups is measured."""
        with self._lock:
            slot = self._free.pop(0) if self._free else None
            second = slot is not None and not self._free and self._served > 0
            self._served += 1
        if slot is None:
            slot = self._new_slot(memory_bytes)
        elif second:
            with contextlib.suppress(SandboxError, OSError):
                self.release(self._new_slot(memory_bytes))
        try:
            slot.await_ready()
            slot.settle()
            if slot.cgroup is not None:
                slot.cgroup.start_run(memory_bytes)
        except OSError as error:
            slot.close()
            raise SandboxError(f"cannot set the run's control group: {error}") from error
        return slot

    def release(self, slot: Slot) -> None:
        """Take back a slot whose run is over. Nothing of the run is left: every process it
        made was in the PID namespace whose init was the run, and the kernel kills them all
        when it dies; only the slot's parent and its next run, prepared, stay in its groups."""
        with self._lock:
            if self._ready:
                self._free.append(slot)
                return
        slot.close()

    def fork(self, request: dict[str, object], fds: list[int], slot: Slot) -> None:
        _send(slot.control, request, fds)

    def close(self) -> None:
        with self._lock:
            self._ready = False
            self._stop()
        self.files.close()

    def _new_slot(self, memory_bytes: int) -> Slot:
        cgroup = (
            RunCgroup(self._cgroups, memory_bytes, extra_pids=SLOT_PROCESSES)
            if self._cgroups is not None
            else None
        )
        control, control_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        slot = Slot(control, cgroup)
        slot.status, status_end = status_pair()
        ends = [control_end.detach(), status_end.detach()]
        try:
            if cgroup is not None:
                ends += [os.open(path, os.O_WRONLY) for path in cgroup.join_files]
            with self._lock:
                _send(self._control, {"op": "slot"}, ends)
        except (OSError, SandboxError):
            slot.close()
            raise
        finally:
            for fd in ends:
                os.close(fd)
        return slot

    def _stop(self) -> str:
        if self._control.fileno() < 0:
            return self.failure  # stopped already
        # At the end of its socket it exits, and every run ends with it (it is pid 1). Until
        # it said it is up it is not killed: bubblewrap killed while it sets up leaves its
        # child waiting forever, holding the pipe read here.
        self._control.close()
        if self._came_up:
            with contextlib.suppress(ProcessLookupError):
                self._process.kill()
        try:
            _, said = self._process.communicate(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self._process.kill()
            try:
                _, said = self._process.communicate(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                said = b"it did not stop when killed"
        for slot in self._free:
            slot.close()
        self._free.clear()
        return said.decode("utf-8", "replace").strip()[-500:]


def _send(control: socket.socket, request: dict[str, object], fds: list[int]) -> None:
    payload = marshal.dumps(request)  # the warm runner is this same interpreter
    rights = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))]
    try:
        control.sendmsg([payload], rights)
    except OSError as error:
        raise SandboxError(f"the warm runner is gone: {error}") from error


def status_pair() -> tuple[socket.socket, socket.socket]:
    """(ours, theirs): message boundaries kept, and every message says who sent it."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    ours.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    return ours, theirs


def credited_pid(status: socket.socket, word: bytes) -> int | None:
    """The sender's pid in the grader's PID namespace, if `word` comes first; None if
    anything else does (an exit report, an error, the end of the socket)."""
    ready, _, _ = select.select([status], [], [], START_TIMEOUT_S + START_MARGIN_S)
    if not ready:
        return None
    message, ancillary, _, _ = status.recvmsg(4096, socket.CMSG_SPACE(12))
    for level, kind, data in ancillary:
        if message == word and (level, kind) == (socket.SOL_SOCKET, socket.SCM_CREDENTIALS):
            pid: int = struct.unpack("iII", data[:12])[0]
            return pid
    return None
