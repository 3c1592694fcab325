"""The supervisor over a Child it is handed, with no process behind it: a socket pair for the
channel, a pipe for stdout and a scripted Meter. What a backend without a host pid (gVisor's
sandbox kernel, a remote worker) would hand over, and what the judge then sees."""

from __future__ import annotations

import json
import os
import socket

from grader.limits import Limits
from grader.protocol import HEADER, ReplyKind
from grader.sandbox.base import Termination
from grader.sandbox.frames import STDOUT
from grader.sandbox.supervisor import Supervisor

LIMITS = Limits(time_s=1.0, wall_s=5.0, memory_mib=64, output_kib=1)


class ScriptedMeter:
    """CPU readings in turn (the last repeats), a fixed peak."""

    def __init__(self, cpu: list[float], peak_kib: int = 2048) -> None:
        self._cpu = cpu
        self.peak_kib = peak_kib
        self.resets = 0
        self.closed = False

    def cpu_seconds(self) -> float:
        return self._cpu.pop(0) if len(self._cpu) > 1 else self._cpu[0]

    def reset_peak_memory(self) -> None:
        self.resets += 1

    def peak_memory_kib(self) -> int:
        return self.peak_kib

    def close(self) -> None:
        self.closed = True


class SocketChild:
    """A Child with no process: the test writes what the program would."""

    def __init__(self, meter: ScriptedMeter) -> None:
        self.channel, self.program_end = socket.socketpair()
        stdout_read, self.stdout_write = os.pipe()
        self.streams = {stdout_read: STDOUT}
        self.exit_fd: int | None = None
        self.meter = meter
        self.reaped = 0
        self.released = False

    def reap(self) -> tuple[int | None, int | None]:
        self.reaped += 1
        return None, 9

    def out_of_memory(self) -> bool:
        return False

    def release(self) -> None:
        self.released = True
        self.program_end.close()
        for fd in (*self.streams, self.stdout_write):
            os.close(fd)

    def reply(self, frame: dict[str, object]) -> None:
        payload = json.dumps(frame).encode()
        self.program_end.sendall(HEADER.pack(len(payload)) + payload)


def test_a_reply_is_measured_by_the_childs_own_meter() -> None:
    meter = ScriptedMeter([0.0, 0.25])
    child = SocketChild(meter)
    supervisor = Supervisor(child, LIMITS)
    os.write(child.stdout_write, b"thinking\n")
    child.reply({"kind": "value", "value": [[1]], "id": 1})
    outcome = supervisor.exchange(None, 5.0, request_id=1)
    assert outcome.termination is Termination.REPLIED
    assert outcome.reply is not None and outcome.reply.kind is ReplyKind.VALUE
    assert outcome.cpu_s == 0.25 and outcome.memory_kib == 2048 and meter.resets == 1
    assert outcome.stdout == b"thinking\n"
    supervisor.kill()
    assert child.reaped == 1 and child.released and meter.closed


def test_cpu_past_the_limit_ends_the_exchange_and_reaps_the_child_once() -> None:
    child = SocketChild(ScriptedMeter([0.0, 1.5]))
    supervisor = Supervisor(child, LIMITS)
    outcome = supervisor.exchange(None, 5.0)
    assert outcome.termination is Termination.CPU_LIMIT and outcome.reply is None
    assert outcome.cpu_s == 1.5 and outcome.signal == 9
    supervisor.kill()  # already over: nothing is reaped twice
    assert child.reaped == 1 and child.released


def test_output_past_the_cap_ends_the_exchange() -> None:
    child = SocketChild(ScriptedMeter([0.0]))
    supervisor = Supervisor(child, LIMITS)
    os.write(child.stdout_write, b"x" * 2048)
    outcome = supervisor.exchange(None, 5.0)
    assert outcome.termination is Termination.OUTPUT_LIMIT
    assert outcome.output_bytes == 2048 and len(outcome.stdout) == 2048


def test_a_frame_answering_another_request_is_refused() -> None:
    child = SocketChild(ScriptedMeter([0.0]))
    supervisor = Supervisor(child, LIMITS)
    child.reply({"kind": "value", "value": [], "id": 7})
    outcome = supervisor.exchange(None, 5.0, request_id=8)
    assert outcome.termination is Termination.PROTOCOL and outcome.reply is None
    assert "answers no request" in outcome.detail
