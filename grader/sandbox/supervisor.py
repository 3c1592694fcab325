"""Watching a running child from outside, whichever backend started it.

A backend starts the child (a process, a container), hands over the result channel, the
descriptors its output arrives on and its pid as the grader's kernel sees it, and says how to
kill and reap it. Everything measured and decided about one exchange happens here: frames
on the channel, output caps, CPU from /proc, wall clock, peak memory.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shutil
import socket
import tempfile
import time
from collections.abc import Callable
from typing import Final

from ..limits import Limits
from ..protocol import (
    HEADER,
    MAX_FRAME_BYTES,
    ProtocolViolation,
    Reply,
    ReplyKind,
    decode_reply,
    encode_request,
)
from .base import ClosedOnExit, RunOutcome, Termination
from .cgroup import CpuCounter
from .preparation import START_MARGIN_S, read_artifact

OUTPUT_HEAD: Final = 4096  # bytes of stdout and of stderr kept per call for the report
CLOCK_TICKS: Final = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
STDOUT, STDERR = 0, 1


class Output:
    """What one stream printed during one exchange: the head, and how much in all."""

    def __init__(self) -> None:
        self.head = bytearray()
        self.total = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = OUTPUT_HEAD - len(self.head)
        if room > 0:
            self.head += data[:room]


class Supervised:
    """A started child. Subclasses set `pid`, `_channel` and `_limits`, call `_watch`, and
    implement `_reap` (kill everything, wait, set `_exit`) and `_cleanup`."""

    pid: int
    _channel: socket.socket
    _limits: Limits

    def _watch(
        self, streams: dict[int, int], exit_fd: int | None, cpu: CpuCounter | None = None
    ) -> None:
        """Start watching: `streams` maps each output descriptor to STDOUT or STDERR;
        `exit_fd` becomes readable when the child is gone; `cpu` counts the CPU of every
        process of the run (its control group), else only the child's own is read (/proc)."""
        self._closed = False
        self._group_cpu = cpu
        self._proc_fds: dict[str, int] = {}
        self._exit: tuple[int | None, int | None] | None = None  # (exit code, signal)
        self._last_cpu = 0.0
        self._measured = False  # whether an exchange ended with a reading of the CPU time
        self._streams = streams
        self._exit_fd = exit_fd
        self._selector = selectors.DefaultSelector()
        for fd in streams:
            os.set_blocking(fd, False)
            self._selector.register(fd, selectors.EVENT_READ)
        self._channel.setblocking(False)
        self._selector.register(self._channel, selectors.EVENT_READ)
        if exit_fd is not None:
            self._selector.register(exit_fd, selectors.EVENT_READ)

    # -- what a backend provides ---------------------------------------------------------

    def _reap(self) -> None:
        raise NotImplementedError

    def _cleanup(self) -> None:
        raise NotImplementedError

    def _out_of_memory(self) -> bool:
        return False

    # -- one exchange -------------------------------------------------------------------

    def exchange(
        self,
        request: bytes | None,
        wall_limit: float,
        cpu_limit: float | None = None,
        request_id: int | None = None,
    ) -> RunOutcome:
        """Send `request` (None: just wait for the ready frame) and supervise until the
        child replies, dies, or breaks a limit (CPU: `cpu_limit`, else the test's). A reply
        must echo `request_id`."""
        cpu_allowed = self._limits.time_s if cpu_limit is None else cpu_limit
        outputs = (Output(), Output())
        # Between two exchanges the child waits for its request: the reading that ended the
        # last one starts this one (what it did after that reading counts here).
        cpu_start = self._last_cpu if self._measured else self._cpu_seconds()
        self._measured = True
        self._reset_peak_memory()
        started = time.monotonic()
        frame = bytearray()
        termination, detail = self._send(request)
        reply: Reply | None = None
        if termination is None:
            limit = (started + wall_limit, cpu_start, cpu_allowed)
            termination, reply = self._supervise(outputs, frame, limit)
        wall = time.monotonic() - started
        if (
            termination is Termination.REPLIED
            and reply is not None
            and request_id is not None
            and reply.request_id != request_id
        ):
            # A frame the program forged, or one late from an earlier request: refusing it is
            # what keeps one test's value from ever answering another.
            termination, reply = Termination.PROTOCOL, None
            detail = (
                "the program wrote a result frame to the judge's channel that answers no request"
            )
        return self._outcome(termination, reply, detail, frame, outputs, cpu_start, wall)

    def _send(self, request: bytes | None) -> tuple[Termination | None, str]:
        """Hand the child its request; PROTOCOL if a frame already waits on the channel."""
        if request is None:
            return None, ""
        termination, detail = None, ""
        if self._pending_on_channel():
            # A frame nobody asked for: answering this request with it would credit one
            # test with another's value.
            termination = Termination.PROTOCOL
            detail = "the program wrote to the judge's channel out of turn"
        with contextlib.suppress(OSError):  # a dead child shows up as an exit below
            self._channel.setblocking(True)
            self._channel.sendall(request)
            self._channel.setblocking(False)
        return termination, detail

    def _supervise(
        self,
        outputs: tuple[Output, Output],
        frame: bytearray,
        limit: tuple[float, float, float],
    ) -> tuple[Termination, Reply | None]:
        """Read the child's output and channel until it replies, ends or breaks a limit
        (`limit`: the wall-clock deadline, the CPU reading at the start, the CPU allowed)."""
        deadline, cpu_start, cpu_allowed = limit
        cpu_used = 0.0  # just read: the next reading is due after the first wait
        while True:
            now = time.monotonic()
            if cpu_used >= cpu_allowed:
                return Termination.CPU_LIMIT, None
            if now >= deadline:
                return Termination.WALL_LIMIT, None
            # CPU time cannot grow faster than the wall clock (one thread), so the next look
            # at /proc is due only when the remaining CPU budget could have been spent.
            timeout = min(deadline - now, cpu_allowed - cpu_used)
            for key, _ in self._selector.select(max(timeout, 0.005)):
                ended = self._on_ready(key.fd, outputs, frame)
                if ended is not None:
                    return ended
            cpu_used = self._cpu_seconds() - cpu_start

    def _on_ready(
        self, fd: int, outputs: tuple[Output, Output], frame: bytearray
    ) -> tuple[Termination, Reply | None] | None:
        """Take what descriptor `fd` has; how the exchange ended, if this ends it."""
        if fd in self._streams:
            outputs[self._streams[fd]].add(self._read(fd))
            if outputs[0].total + outputs[1].total > self._limits.output_kib * 1024:
                return Termination.OUTPUT_LIMIT, None
        elif fd == self._channel.fileno():
            result = self._read_frame(frame)
            if isinstance(result, Termination):
                return result, None
            if result is not None:
                return Termination.REPLIED, result
        elif fd == self._exit_fd:
            return self._exited(), None
        return None

    def _outcome(
        self,
        termination: Termination,
        reply: Reply | None,
        detail: str,
        frame: bytearray,
        outputs: tuple[Output, Output],
        cpu_start: float,
        wall: float,
    ) -> RunOutcome:
        """Measure what the exchange cost; a child that did not reply is killed first."""
        if termination is Termination.REPLIED:
            for fd in list(self._streams):
                if fd in self._selector.get_map():
                    outputs[self._streams[fd]].add(self._read(fd))
            cpu = self._cpu_seconds() - cpu_start
            memory = self._peak_memory()
        else:
            if termination is Termination.PROTOCOL and not detail:
                detail = (
                    "the program wrote directly to the judge's channel (the descriptor results "
                    "travel on), which only the judge's own code may use: return the answer, "
                    "and print to stdout only"
                )
            if termination in (Termination.EXITED, Termination.SIGNALED):
                termination, reply = self._last_words(frame, termination)
            cpu = self._cpu_seconds() - cpu_start
            memory = self._peak_memory()
            # Asked before the kill: killing releases the run's control group.
            out_of_memory = termination is not Termination.REPLIED and self._out_of_memory()
            self.kill()
            if out_of_memory:
                termination = Termination.MEMORY_LIMIT
                # Killed by the kernel, it left no reading behind: it reached the limit.
                memory = max(memory, self._limits.memory_mib * 1024)
        exit_code, signal_number = self._exit or (None, None)
        return RunOutcome(
            termination=termination,
            reply=reply,
            cpu_s=round(max(cpu, 0.0), 6),
            wall_s=round(wall, 6),
            memory_kib=memory,
            exit_code=exit_code,
            signal=signal_number,
            stdout=bytes(outputs[STDOUT].head),
            stderr=bytes(outputs[STDERR].head),
            output_bytes=outputs[0].total + outputs[1].total,
            detail=detail,
        )

    def _pending_on_channel(self) -> bool:
        try:
            return bool(self._channel.recv(1, socket.MSG_PEEK))
        except OSError:
            return False

    def _read(self, fd: int) -> bytes:
        chunks = []
        while True:
            try:
                data = os.read(fd, 65536)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                data = b""
            if not data:
                if fd in self._selector.get_map():
                    self._selector.unregister(fd)
                break
            chunks.append(data)
            if len(chunks) >= 16:  # let the loop look at limits before reading more
                break
        return b"".join(chunks)

    def _read_frame(self, frame: bytearray) -> Reply | Termination | None:
        """Add what the channel holds to `frame`; a Reply once one is complete."""
        try:
            data = self._channel.recv(65536)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            data = b""
        if not data:
            # The child closed its end; it may still be running. Only its exit or a limit
            # ends the exchange now.
            self._selector.unregister(self._channel)
            return None if self._exit_fd is not None else self._exited()
        frame += data
        return self._complete(frame)

    @staticmethod
    def _complete(frame: bytearray) -> Reply | Termination | None:
        if len(frame) < HEADER.size:
            return None
        (length,) = HEADER.unpack_from(frame)
        if length > MAX_FRAME_BYTES:
            if len(frame) == HEADER.size:
                return None  # a real frame's body follows its header at once
            # Every frame a runner or driver sends is a JSON object: bytes the program wrote
            # to the channel itself only look like a header announcing a huge frame.
            return (
                Termination.FRAME_LIMIT if frame[HEADER.size] == ord("{") else Termination.PROTOCOL
            )
        if len(frame) < HEADER.size + length:
            return None
        if len(frame) > HEADER.size + length:
            return Termination.PROTOCOL  # more than one frame for one request: forged
        try:
            return decode_reply(bytes(frame[HEADER.size :]))
        except ProtocolViolation:
            return Termination.PROTOCOL

    def _exited(self) -> Termination:
        self._reap()
        signaled = self._exit is not None and self._exit[1] is not None
        return Termination.SIGNALED if signaled else Termination.EXITED

    def _last_words(
        self, frame: bytearray, termination: Termination
    ) -> tuple[Termination, Reply | None]:
        """A child may send its frame and exit at once: read what is still in the channel."""
        with contextlib.suppress(OSError):
            while data := self._channel.recv(65536):
                frame += data
        result = self._complete(frame)
        if isinstance(result, Reply):
            return Termination.REPLIED, result
        return termination, None

    # -- measurements, all taken from outside the child ---------------------------------

    def _proc(self, name: str, flags: int = os.O_RDONLY) -> int | None:
        """An open descriptor of /proc/PID/`name`, kept for the child's life: read again
        with pread, it costs no open per look, and it never names another process (a
        reused pid) once the child is gone."""
        if name not in self._proc_fds:
            try:
                self._proc_fds[name] = os.open(f"/proc/{self.pid}/{name}", flags | os.O_CLOEXEC)
            except OSError:
                return None
        return self._proc_fds[name]

    def _read_proc(self, name: str) -> bytes:
        fd = self._proc(name)
        if fd is None:
            raise OSError(f"/proc/{self.pid}/{name} cannot be opened")
        return os.pread(fd, 4096, 0)

    def _cpu_seconds(self) -> float:
        """CPU time of the run so far: of every process it ever had, from its control group;
        where there is none, of the child alone: /proc/PID/stat counts every thread, in clock
        ticks, schedstat the main thread in nanoseconds, and the larger is the better
        estimate. Once the process is gone, the last reading stands."""
        if self._group_cpu is not None:
            counted = self._group_cpu.seconds()
            if counted is not None:
                self._last_cpu = max(counted, self._last_cpu)
            return self._last_cpu
        try:
            fields = self._read_proc("stat").rsplit(b")", 1)[1].split()
            ticks = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        except (OSError, IndexError, ValueError):
            return self._last_cpu
        try:
            precise = int(self._read_proc("schedstat").split()[0]) / 1e9
        except (OSError, IndexError, ValueError):
            precise = 0.0
        self._last_cpu = max(ticks, precise, self._last_cpu)
        return self._last_cpu

    def _reset_peak_memory(self) -> None:
        fd = self._proc("clear_refs", os.O_WRONLY)
        if fd is not None:
            with contextlib.suppress(OSError):
                os.write(fd, b"5")  # resets VmHWM, the peak resident set size

    def _peak_memory(self) -> int:
        try:
            status = self._read_proc("status")
            start = status.index(b"VmHWM:")
            return int(status[start + 6 : status.index(b"\n", start)].split()[0])
        except (OSError, ValueError, IndexError):
            return 0

    def _close_proc(self) -> None:
        for fd in self._proc_fds.values():
            os.close(fd)
        self._proc_fds.clear()

    # -- the end ------------------------------------------------------------------------

    def kill(self) -> None:
        """Kill everything the child started, reap it, and release what it held."""
        if self._closed:
            return
        self._closed = True
        self._close_proc()
        self._reap()
        self._selector.close()
        self._channel.close()
        if self._exit_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._exit_fd)
        self._cleanup()


def wait_status(status: int, via_bwrap: bool) -> tuple[int | None, int | None]:
    """(exit code, signal) from a raw wait status. bubblewrap passes a signal death on as
    exit status 128 + the signal's number, as shells do."""
    if os.WIFSIGNALED(status):
        return None, os.WTERMSIG(status)
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    return exit_or_signal(code) if via_bwrap else (code, None)


def exit_or_signal(code: int | None) -> tuple[int | None, int | None]:
    """(exit code, signal) from an exit status that says a signal death as 128 + its number,
    as bubblewrap and a container's init do."""
    if code is not None and 128 < code < 128 + 65:
        return None, code - 128
    return code, None


def run_build(
    start: Callable[[str], Supervised], limits: Limits, artifact: str
) -> tuple[RunOutcome, bytes | None]:
    """Run a build to its end: `start(output_dir)` starts it with a fresh host directory
    writable at out/; the artifact is read from there only if the build exited 0."""
    output_dir = tempfile.mkdtemp(prefix="grader-build-")
    try:
        os.chmod(output_dir, 0o777)  # the build runs as an unprivileged uid
        child = start(output_dir)
        try:
            outcome = child.exchange(None, limits.wall_s)
        finally:
            child.kill()
        succeeded = outcome.termination is Termination.EXITED and outcome.exit_code == 0
        return outcome, read_artifact(output_dir, artifact) if succeeded else None
    finally:
        shutil.rmtree(output_dir, ignore_errors=True)


class SupervisedSession(ClosedOnExit):
    """A submission's runner: one child for all calls, a fresh one after any kill."""

    def __init__(self, start: Callable[[], Supervised], limits: Limits) -> None:
        self._start = start
        self._limits = limits
        self._child: Supervised | None = None
        self._requests = 0

    def load(self) -> RunOutcome:
        self.close()
        self._child = self._start()
        # Loading includes the runtime's own start-up (a JVM's is most of a second of CPU).
        margin = 2 * START_MARGIN_S
        outcome = self._child.exchange(
            None, self._limits.wall_s + margin, self._limits.time_s + margin
        )
        if outcome.reply is None or outcome.reply.kind is not ReplyKind.READY:
            self.close()
        return outcome

    def call(self, args: tuple[object, ...]) -> RunOutcome:
        if self._child is None:
            loaded = self.load()
            if self._child is None:
                return loaded
        assert self._child is not None
        self._requests += 1
        request = encode_request(args, self._requests)
        outcome = self._child.exchange(request, self._limits.wall_s, request_id=self._requests)
        if outcome.termination is not Termination.REPLIED:
            self.close()
        return outcome

    def close(self) -> None:
        if self._child is not None:
            self._child.kill()
            self._child = None
