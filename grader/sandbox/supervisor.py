"""Watching a running child from outside, whichever backend started it.

A backend starts the child (a process, a container) and hands it over as a `Child`: the
result channel, the descriptors its output arrives on, a `Meter` that reads its CPU and
memory, and how to kill, reap and release it. Everything measured and decided about one
exchange happens here: frames on the channel, output caps, CPU and wall clock, peak memory.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import time
from dataclasses import replace
from typing import Final

from ..limits import Limits
from ..protocol import Reply, ReplyKind
from .base import Child, RunOutcome, Termination
from .clock import ExchangeClock
from .frames import STDERR, STDOUT, Output, complete, drained, read_available

# What may answer the wait for a loaded runner (no request): it is ready, or it could not
# load the file. A value then was written by the program itself, before anything was asked.
LOAD_REPLIES: Final = frozenset({ReplyKind.READY, ReplyKind.LOAD_ERROR, ReplyKind.ERROR})
# How long the output of a child that has ended may take to arrive after its end (a process
# it left behind holding its stdout open is killed after that).
DRAIN_S: Final = 2.0


def _answers(reply: Reply, request_id: int | None) -> bool:
    """Whether `reply` may end the exchange: a load's kind, or the request's own id."""
    if request_id is None:
        return reply.kind in LOAD_REPLIES
    return reply.request_id == request_id


class Supervisor:
    """Watches one child under `limits`: every exchange with it, and its end."""

    def __init__(self, child: Child, limits: Limits) -> None:
        self._child = child
        self._limits = limits
        self._channel = child.channel
        self._streams = child.streams
        self._exit_fd = child.exit_fd
        self._meter = child.meter
        self._closed = False
        self._exit: tuple[int | None, int | None] | None = None  # (exit code, signal)
        self._measured = False  # whether an exchange ended with a reading of the CPU time
        self._last_cpu = 0.0
        self._selector = selectors.DefaultSelector()
        for fd in self._streams:
            os.set_blocking(fd, False)
            self._selector.register(fd, selectors.EVENT_READ)
        self._channel.setblocking(False)
        self._selector.register(self._channel, selectors.EVENT_READ)
        if self._exit_fd is not None:
            self._selector.register(self._exit_fd, selectors.EVENT_READ)

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
        kept = self._limits.kept_output_bytes
        outputs = (Output(kept), Output(kept))
        # Between two exchanges the child waits for its request: the reading that ended the
        # last one starts this one (what it did after that reading counts here, and is
        # said apart: a thread or process left working while no call was in progress).
        between = 0.0
        if self._measured:
            cpu_start = self._last_cpu
            between = max(self._cpu_seconds() - cpu_start, 0.0)
        else:
            cpu_start = self._cpu_seconds()
        self._measured = True
        self._meter.reset_peak_memory()
        waited_start = self._meter.waited_seconds()
        started = time.monotonic()
        clock = ExchangeClock(started, wall_limit, cpu_start, cpu_allowed, waited_start)
        frame = bytearray()
        termination, detail = self._send(request)
        reply: Reply | None = None
        if termination is None:
            termination, reply = self._supervise(outputs, frame, clock)
        wall = time.monotonic() - started
        if (
            termination is Termination.REPLIED
            and reply is not None
            and not _answers(reply, request_id)
        ):
            # A frame the program forged, or one late from an earlier request: refusing it is
            # what keeps one test's value from ever answering another.
            termination, reply = Termination.PROTOCOL, None
            detail = (
                "the program wrote a result frame to the judge's channel that answers no request"
            )
        outcome = self._outcome(termination, reply, detail, frame, outputs, cpu_start, wall)
        if between:
            outcome = replace(outcome, between_cpu_s=round(between, 6))
        return replace(outcome, waited_s=round(clock.credited, 6)) if clock.credited else outcome

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
        self, outputs: tuple[Output, Output], frame: bytearray, clock: ExchangeClock
    ) -> tuple[Termination, Reply | None]:
        """Read the child's output and channel until it replies, ends or breaks a limit."""
        cpu_used = 0.0  # just read: the next reading is due after the first wait
        while True:
            now = time.monotonic()
            if cpu_used >= clock.cpu_allowed:
                return Termination.CPU_LIMIT, None
            if now >= clock.deadline():
                cpu_used = self._cpu_seconds() - clock.cpu_start
                ended = clock.past_deadline(now, cpu_used, self._meter.waited_seconds())
                if ended is not None:
                    return ended, None
                continue
            # CPU time cannot grow faster than the wall clock (one thread), so the next look
            # at /proc is due only when the remaining CPU budget could have been spent.
            timeout = min(clock.deadline() - now, clock.cpu_allowed - cpu_used)
            for key, _ in self._selector.select(max(timeout, 0.005)):
                ended_by = self._on_ready(key.fd, outputs, frame)
                if ended_by is not None:
                    return ended_by
            cpu_used = self._cpu_seconds() - clock.cpu_start

    def _on_ready(
        self, fd: int, outputs: tuple[Output, Output], frame: bytearray
    ) -> tuple[Termination, Reply | None] | None:
        """Take what descriptor `fd` has; how the exchange ended, if this ends it."""
        if fd in self._streams:
            outputs[self._streams[fd]].add(read_available(fd, self._selector))
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
                    outputs[self._streams[fd]].add(read_available(fd, self._selector))
            cpu = self._cpu_seconds() - cpu_start
            memory = self._meter.peak_memory_kib()
        else:
            if termination is Termination.PROTOCOL and not detail:
                detail = (
                    "the program wrote directly to the judge's channel (the descriptor results "
                    "travel on), which only the judge's own code may use: return the answer, "
                    "and print to stdout only"
                )
            if termination in (Termination.EXITED, Termination.SIGNALED):
                termination, reply = self._last_words(frame, termination)
                cap = self._limits.output_kib * 1024
                if drained(self._streams, self._selector, outputs, cap, DRAIN_S):
                    termination, reply = Termination.OUTPUT_LIMIT, None
            cpu = self._cpu_seconds() - cpu_start
            memory = self._meter.peak_memory_kib()
            # Asked before the kill: killing releases the run's control group.
            out_of_memory = termination is not Termination.REPLIED and self._child.out_of_memory()
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
        return complete(frame)

    def _cpu_seconds(self) -> float:
        self._last_cpu = self._meter.cpu_seconds()
        return self._last_cpu

    def _reap(self) -> None:
        if self._exit is None:
            self._exit = self._child.reap()

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
        result = complete(frame)
        if isinstance(result, Reply):
            return Termination.REPLIED, result
        return termination, None

    # -- the end ------------------------------------------------------------------------

    def kill(self) -> None:
        """Kill everything the child started, reap it, and release what it held."""
        if self._closed:
            return
        self._closed = True
        self._meter.close()
        self._reap()
        self._selector.close()
        self._channel.close()
        if self._exit_fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._exit_fd)
        self._child.release()
