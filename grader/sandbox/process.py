"""The `process` backend: one supervised child process per submission, following SANDBOX.md.

The child gets rlimits with soft == hard, its own session and process group (killed whole),
an empty environment, stdin from /dev/null, a private temporary directory, and only the
result channel among its descriptors. The parent alone measures time (CPU from /proc, wall
clock) and memory (peak RSS, reset between calls), and kills on any limit.
"""

from __future__ import annotations

import contextlib
import math
import os
import selectors
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable
from types import TracebackType
from typing import Final

from ..errors import SandboxError
from ..problem import Limits
from ..protocol import (
    HEADER,
    MAX_FRAME_BYTES,
    ProtocolViolation,
    Reply,
    ReplyKind,
    decode_reply,
    encode_request,
)
from .base import Program, RunOutcome, Termination

OUTPUT_HEAD: Final = 4096  # bytes of stdout and of stderr kept per call for the report
OPEN_FILES: Final = 64
CLOCK_TICKS: Final = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
START_MARGIN_S: Final = 1.0  # an interpreter's own start-up, on top of the test's wall limit


def child_environment(workdir: str) -> dict[str, str]:
    """A fixed, minimal environment: none of the grader's variables reach the child."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "HOME": workdir,
        "TMPDIR": workdir,
    }


class ProcessSandbox:
    """Hardened subprocesses with rlimits. Not a namespace sandbox: see `protections`."""

    name = "process"

    def __init__(self) -> None:
        self._prlimit = shutil.which("prlimit")

    def protections(self) -> tuple[str, ...]:
        return (
            "rlimits (soft = hard): CPU time, address space, file size, open files, no core",
            "own session and process group, killed whole after every run",
            "wall-clock and CPU watchdog in the parent",
            "empty environment, stdin from /dev/null, only the result channel open",
            "private temporary working directory, removed without following links",
            "stdout and stderr captured and capped",
        )

    def session(self, program: Program, limits: Limits, calls: int) -> ProcessSession:
        return ProcessSession(program, limits, calls, self._prlimit)


class ProcessSession:
    """A submission's runner: one child for all calls, a fresh one after any kill."""

    def __init__(self, program: Program, limits: Limits, calls: int, prlimit: str | None) -> None:
        self._program = program
        self._limits = limits
        # A backstop only: the parent's watchdog enforces the per-call limit long before.
        self._cpu_budget = math.ceil(limits.time_s * (calls + 2)) + 1
        self._prlimit = prlimit
        self._child: _Child | None = None

    def __enter__(self) -> ProcessSession:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def load(self) -> RunOutcome:
        self.close()
        self._child = _Child(self._program, self._limits, self._cpu_budget, self._prlimit)
        outcome = self._child.exchange(None, self._limits.wall_s + START_MARGIN_S)
        if outcome.reply is None or outcome.reply.kind is not ReplyKind.READY:
            self.close()
        return outcome

    def call(self, args: tuple[object, ...]) -> RunOutcome:
        if self._child is None:
            loaded = self.load()
            if self._child is None:
                return loaded
        assert self._child is not None
        outcome = self._child.exchange(encode_request(args), self._limits.wall_s)
        if outcome.termination is not Termination.REPLIED:
            self.close()
        return outcome

    def close(self) -> None:
        if self._child is not None:
            self._child.kill()
            self._child = None


class _Output:
    """What one stream printed during one exchange: the head, and how much in all."""

    def __init__(self) -> None:
        self.head = bytearray()
        self.total = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = OUTPUT_HEAD - len(self.head)
        if room > 0:
            self.head += data[:room]


class _Child:
    def __init__(
        self, program: Program, limits: Limits, cpu_budget: int, prlimit: str | None
    ) -> None:
        self._limits = limits
        self._workdir = tempfile.mkdtemp(prefix="grader-")
        self._closed = False
        try:
            for name, content in program.files:
                _write_new(self._workdir, name, content)
            parent_end, child_end = socket.socketpair()
        except OSError as error:
            shutil.rmtree(self._workdir, ignore_errors=True)
            raise SandboxError(f"cannot prepare the work directory: {error}") from error
        self._channel = parent_end
        wanted = _rlimits(limits, cpu_budget)
        limits_argv = [f"--{name}={value}:{value}" for name, value in wanted.items()]
        env = child_environment(self._workdir) | {"GRADER_FD": str(child_end.fileno())}
        argv = [prlimit, *limits_argv, "--", *program.argv] if prlimit else list(program.argv)
        try:
            self._process = subprocess.Popen(
                argv,
                cwd=self._workdir,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=(child_end.fileno(),),
                close_fds=True,
                start_new_session=True,
                preexec_fn=None if prlimit else _rlimit_setter(wanted),
            )
        except OSError as error:
            parent_end.close()
            shutil.rmtree(self._workdir, ignore_errors=True)
            raise SandboxError(f"cannot start {program.argv[0]}: {error}") from error
        finally:
            child_end.close()
        self.pid = self._process.pid
        self._status: tuple[int, int] | None = None  # (wait status, max RSS KiB) once reaped
        self._cpu_at_exit = 0.0
        self._selector = selectors.DefaultSelector()
        assert self._process.stdout is not None and self._process.stderr is not None
        self._streams = {self._process.stdout.fileno(): 0, self._process.stderr.fileno(): 1}
        for fd in self._streams:
            os.set_blocking(fd, False)
            self._selector.register(fd, selectors.EVENT_READ)
        parent_end.setblocking(False)
        self._selector.register(parent_end, selectors.EVENT_READ)
        self._pidfd: int | None = None
        with contextlib.suppress(AttributeError, OSError):  # Linux >= 5.3 only
            self._pidfd = os.pidfd_open(self.pid)
        if self._pidfd is not None:
            self._selector.register(self._pidfd, selectors.EVENT_READ)

    # -- one exchange -------------------------------------------------------------------

    def exchange(self, request: bytes | None, wall_limit: float) -> RunOutcome:
        """Send `request` (None: just wait for the ready frame) and supervise until the
        child replies, dies, or breaks a limit."""
        outputs = (_Output(), _Output())
        cpu_start = self._cpu_seconds()
        self._reset_peak_memory()
        started = time.monotonic()
        frame = bytearray()
        termination: Termination | None = None
        reply: Reply | None = None
        detail = ""
        if request is not None:
            if self._pending_on_channel():
                # A frame nobody asked for: answering this request with it would credit one
                # test with another's value.
                termination = Termination.PROTOCOL
                detail = "the program wrote to the judge's channel out of turn"
            with contextlib.suppress(OSError):  # a dead child shows up as an exit below
                self._channel.setblocking(True)
                self._channel.sendall(request)
                self._channel.setblocking(False)
        while termination is None:
            now = time.monotonic()
            cpu_used = self._cpu_seconds() - cpu_start
            if cpu_used >= self._limits.time_s:
                termination = Termination.CPU_LIMIT
                break
            if now - started >= wall_limit:
                termination = Termination.WALL_LIMIT
                break
            # CPU time cannot grow faster than the wall clock (one thread), so the next look
            # at /proc is due only when the remaining CPU budget could have been spent.
            timeout = min(wall_limit - (now - started), self._limits.time_s - cpu_used)
            for key, _ in self._selector.select(max(timeout, 0.005)):
                fd = key.fd
                if fd in self._streams:
                    outputs[self._streams[fd]].add(self._read(fd))
                    if outputs[0].total + outputs[1].total > self._limits.output_kib * 1024:
                        termination = Termination.OUTPUT_LIMIT
                elif fd == self._channel.fileno():
                    result = self._read_frame(frame)
                    if isinstance(result, Termination):
                        termination = result
                    elif result is not None:
                        termination = Termination.REPLIED
                        reply = result
                elif fd == self._pidfd:
                    termination = self._exited(frame)
                if termination is not None:
                    break
        wall = time.monotonic() - started
        if termination is Termination.REPLIED:
            for fd, index in self._streams.items():
                outputs[index].add(self._read(fd))
            cpu = self._cpu_seconds() - cpu_start
            memory = self._peak_memory()
        else:
            if termination is Termination.PROTOCOL and not detail:
                detail = "the program wrote something that is not a result frame to the channel"
            if termination in (Termination.EXITED, Termination.SIGNALED):
                termination, reply = self._last_words(frame, termination)
            cpu = self._cpu_seconds() - cpu_start
            self.kill()
            cpu = max(cpu, self._reaped_cpu() - cpu_start)
            memory = self._status[1] if self._status else 0
        status = self._status[0] if self._status else None
        return RunOutcome(
            termination=termination,
            reply=reply,
            cpu_s=round(max(cpu, 0.0), 6),
            wall_s=round(wall, 6),
            memory_kib=memory,
            exit_code=os.WEXITSTATUS(status)
            if status is not None and os.WIFEXITED(status)
            else None,
            signal=os.WTERMSIG(status) if status is not None and os.WIFSIGNALED(status) else None,
            stdout=bytes(outputs[0].head),
            stderr=bytes(outputs[1].head),
            output_bytes=outputs[0].total + outputs[1].total,
            detail=detail,
        )

    def _pending_on_channel(self) -> bool:
        try:
            return bool(self._channel.recv(1, socket.MSG_PEEK))
        except (BlockingIOError, InterruptedError):
            return False
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
            # The child closed its end; it may still be running. Only its exit (pidfd) or a
            # limit ends the exchange now.
            self._selector.unregister(self._channel)
            return None if self._pidfd is not None else self._exited(frame)
        frame += data
        return self._complete(frame)

    @staticmethod
    def _complete(frame: bytearray) -> Reply | Termination | None:
        if len(frame) < HEADER.size:
            return None
        (length,) = HEADER.unpack_from(frame)
        if length > MAX_FRAME_BYTES:
            return Termination.FRAME_LIMIT
        if len(frame) < HEADER.size + length:
            return None
        if len(frame) > HEADER.size + length:
            return Termination.PROTOCOL  # more than one frame for one request: forged
        try:
            return decode_reply(bytes(frame[HEADER.size :]))
        except ProtocolViolation:
            return Termination.PROTOCOL

    def _exited(self, frame: bytearray) -> Termination:
        self._reap()
        status = self._status[0] if self._status else 0
        return Termination.SIGNALED if os.WIFSIGNALED(status) else Termination.EXITED

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

    def _cpu_seconds(self) -> float:
        """CPU time of the child so far. /proc/PID/stat counts every thread, in clock ticks;
        schedstat counts the main thread in nanoseconds; the larger is the better estimate."""
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            ticks = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
        except (OSError, IndexError, ValueError):
            return self._reaped_cpu()
        try:
            with open(f"/proc/{self.pid}/schedstat", "rb") as schedstat:
                precise = int(schedstat.read().split()[0]) / 1e9
        except (OSError, IndexError, ValueError):
            precise = 0.0
        return max(ticks, precise)

    def _reaped_cpu(self) -> float:
        return self._cpu_at_exit if self._status else 0.0

    def _reset_peak_memory(self) -> None:
        with contextlib.suppress(OSError), open(f"/proc/{self.pid}/clear_refs", "wb") as clear:
            clear.write(b"5")  # resets VmHWM, the peak resident set size

    def _peak_memory(self) -> int:
        try:
            with open(f"/proc/{self.pid}/status", "rb") as status:
                for line in status:
                    if line.startswith(b"VmHWM:"):
                        return int(line.split()[1])
        except (OSError, ValueError, IndexError):
            pass
        return 0

    # -- the end ------------------------------------------------------------------------

    def _reap(self) -> None:
        if self._status is not None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, signal.SIGKILL)  # whatever it started goes with it
        try:
            _, status, usage = os.wait4(self.pid, 0)
        except ChildProcessError:
            status, usage = 0, None
        self._process.returncode = status  # tell Popen it is gone
        self._cpu_at_exit = usage.ru_utime + usage.ru_stime if usage else 0.0
        self._status = (status, usage.ru_maxrss if usage else 0)

    def kill(self) -> None:
        """Kill the child's whole process group, reap it, and remove its files."""
        if self._closed:
            return
        self._closed = True
        self._reap()
        self._selector.close()
        for closable in (self._process.stdout, self._process.stderr, self._channel):
            if closable is not None:
                closable.close()
        if self._pidfd is not None:
            os.close(self._pidfd)
        # rmtree never follows symlinks a submission planted (Judge0 CVE-2024-28185).
        shutil.rmtree(self._workdir, ignore_errors=True)


def _write_new(directory: str, name: str, content: bytes) -> None:
    if "/" in name or name in {"", ".", ".."}:
        raise OSError(f"refusing file name {name!r}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(os.path.join(directory, name), flags, 0o644)
    with os.fdopen(fd, "wb") as handle:
        handle.write(content)


def _rlimits(limits: Limits, cpu_budget: int) -> dict[str, int]:
    """Each limit by its `prlimit` option name; soft and hard are both set to it."""
    return {
        "cpu": cpu_budget,
        "as": limits.memory_mib * 1024 * 1024,
        "fsize": max(limits.output_kib, 1024) * 1024,
        "nofile": OPEN_FILES,
        "core": 0,
    }


def _rlimit_setter(wanted: dict[str, int]) -> Callable[[], None]:
    """Where `prlimit` is missing (macOS), set the limits between fork and exec instead."""
    import resource

    resources = {
        "cpu": resource.RLIMIT_CPU,
        "as": resource.RLIMIT_AS,
        "fsize": resource.RLIMIT_FSIZE,
        "nofile": resource.RLIMIT_NOFILE,
        "core": resource.RLIMIT_CORE,
    }

    def apply() -> None:
        for name, value in wanted.items():
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(resources[name], (value, value))

    return apply
