"""The supervisor over a Child it is handed, with no process behind it: a socket pair for the
channel, a pipe for stdout and a scripted Meter. What a backend without a host pid (gVisor's
sandbox kernel, a remote worker) would hand over, and what the judge then sees."""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Callable

from grader.limits import Limits
from grader.protocol import HEADER, ReplyKind
from grader.sandbox.base import Termination
from grader.sandbox.clock import OVERLOAD_FACTOR
from grader.sandbox.frames import STDOUT
from grader.sandbox.session import SupervisedSession
from grader.sandbox.supervisor import Supervisor

LIMITS = Limits(time_s=1.0, wall_s=5.0, memory_mib=64, output_kib=1)


class ScriptedMeter:
    """CPU and run-queue wait readings in turn (the last repeats), a fixed peak; `on_wait`
    is called at the second wait reading (the first deadline reached)."""

    def __init__(
        self,
        cpu: list[float],
        peak_kib: int = 2048,
        waited: list[float] | None = None,
        on_wait: Callable[[], None] | None = None,
    ) -> None:
        self._cpu = cpu
        self._waited = waited or [0.0]
        self._on_wait = on_wait
        self.wait_readings = 0
        self.peak_kib = peak_kib
        self.resets = 0
        self.closed = False

    def cpu_seconds(self) -> float:
        return self._cpu.pop(0) if len(self._cpu) > 1 else self._cpu[0]

    def waited_seconds(self) -> float:
        self.wait_readings += 1
        if self.wait_readings == 2 and self._on_wait is not None:
            self._on_wait()
        return self._waited.pop(0) if len(self._waited) > 1 else self._waited[0]

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


# A run kept from the CPU by the machine's other work: its wait is not held against it.
VALUE = {"kind": "value", "value": [[1]], "id": 1}


def test_time_spent_waiting_for_a_cpu_moves_the_wall_clock_deadline_on() -> None:
    # At the deadline the kernel says the run waited far longer than it ran: it runs on,
    # and its reply (sent only once the deadline was reached) is taken.
    replies: list[SocketChild] = []
    meter = ScriptedMeter([0.0], waited=[0.0, 100.0], on_wait=lambda: replies[0].reply(VALUE))
    child = SocketChild(meter)
    replies.append(child)
    supervisor = Supervisor(child, LIMITS)
    outcome = supervisor.exchange(None, 0.05, request_id=1)
    assert outcome.termination is Termination.REPLIED
    assert outcome.waited_s >= 0.05 and meter.wait_readings == 2
    supervisor.kill()


def test_a_run_waiting_less_than_its_overrun_reaches_the_wall_clock_limit() -> None:
    meter = ScriptedMeter([0.0], waited=[1.0, 1.01])  # 10 ms of waiting in all
    supervisor = Supervisor(SocketChild(meter), LIMITS)
    outcome = supervisor.exchange(None, 0.05)
    assert outcome.termination is Termination.WALL_LIMIT
    assert 0.0 < outcome.waited_s <= 0.01 + 1e-6 and outcome.wall_s >= 0.06
    supervisor.kill()


def test_a_run_starved_past_the_bound_is_the_machines_fault() -> None:
    meter = ScriptedMeter([0.0], waited=[0.0, 100.0])
    supervisor = Supervisor(SocketChild(meter), LIMITS)
    outcome = supervisor.exchange(None, 0.05)
    assert outcome.termination is Termination.STARVED
    assert outcome.wall_s >= 0.05 * OVERLOAD_FACTOR and outcome.waited_s > 0.05
    supervisor.kill()


def test_a_starved_call_is_run_once_more_in_a_fresh_child() -> None:
    children: list[SocketChild] = []

    def start() -> SocketChild:
        # The first child is starved at its first call; the second answers the call.
        starving = not children
        # Read at the start of the load, of the call, and at the call's deadline.
        meter = ScriptedMeter([0.0], waited=[0.0, 0.0, 100.0] if starving else [0.0])
        child = SocketChild(meter)
        child.reply({"kind": "ready"})
        if not starving:
            threading.Thread(target=_answer_one_request, args=(child,), daemon=True).start()
        children.append(child)
        return child

    limits = Limits(time_s=1.0, wall_s=0.05, memory_mib=64, output_kib=1)
    with SupervisedSession(start, limits) as session:
        outcome = session.call((4,))
    assert outcome.termination is Termination.REPLIED and outcome.reply is not None
    assert outcome.reply.value == ((1,),)
    assert len(children) == 2 and children[0].released


def _answer_one_request(child: SocketChild) -> None:
    header = child.program_end.recv(HEADER.size, socket.MSG_WAITALL)
    (length,) = HEADER.unpack(header)
    request = json.loads(child.program_end.recv(length, socket.MSG_WAITALL))
    child.reply({"kind": "value", "value": [[1]], "id": request["id"]})


# The CPU a load uses beyond the runtime's start-up is the program's own work: charged.


def _loaded_with_own_work(child_cpu: list[float]) -> SocketChild:
    child = SocketChild(ScriptedMeter(child_cpu))
    child.reply({"kind": "ready"})
    return child


def test_work_done_at_load_counts_towards_the_next_call() -> None:
    # The load takes 1.7 s of CPU, 0.2 s allowed: 1.5 s is owed, the call's 1 s is gone.
    limits = Limits(1.0, 5.0, 64, 1, load_allowance_s=0.2)
    with SupervisedSession(lambda: _loaded_with_own_work([0.0, 1.7]), limits) as session:
        loaded = session.load()
        assert loaded.termination is Termination.REPLIED and loaded.cpu_s == 1.7
        outcome = session.call((4,))
    assert outcome.termination is Termination.CPU_LIMIT
    assert outcome.load_cpu_s == 1.5 and outcome.cpu_s == 1.5


def test_a_load_within_the_allowance_costs_the_call_nothing() -> None:
    children: list[SocketChild] = []

    def start() -> SocketChild:
        children.append(_loaded_with_own_work([0.0, 0.1]))
        threading.Thread(target=_answer_one_request, args=(children[-1],), daemon=True).start()
        return children[-1]

    limits = Limits(1.0, 5.0, 64, 1, load_allowance_s=0.2)
    with SupervisedSession(start, limits) as session:
        outcome = session.call((4,))
    assert outcome.termination is Termination.REPLIED
    assert outcome.load_cpu_s == 0.0 and outcome.cpu_s == 0.0
