"""A sandbox that runs nothing: each exchange answers with the next outcome of a script.

For tests of the judge's verdict table (what an exhausted CPU budget, a signal, a frame too
large, a late reply... become), with no process and no engine. Never a backend of SANDBOXES."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from ..errors import SandboxError, SandboxUnavailable
from ..limits import Limits
from ..protocol import Reply, ReplyKind, Value
from .base import ClosedOnExit, Compiled, Interaction, Program, RunOutcome, Termination

READY = RunOutcome(Termination.REPLIED, Reply(ReplyKind.READY), 0.0, 0.001, 1024)


def replied(value: Value, cpu_s: float = 0.001) -> RunOutcome:
    """The runner returned `value`; the judge's request ids are echoed by the session."""
    return RunOutcome(Termination.REPLIED, Reply(ReplyKind.VALUE, value), cpu_s, cpu_s, 1024)


def ended(termination: Termination, **measured: object) -> RunOutcome:
    """An exchange that ended without a reply: a limit, an exit, a signal."""
    fields: dict[str, object] = {"cpu_s": 0.0, "wall_s": 0.0, "memory_kib": 1024} | measured
    return RunOutcome(termination, None, **fields)  # type: ignore[arg-type]


# Given the test's arguments, the outcome of that call.
Script = Callable[[tuple[object, ...]], RunOutcome]


class FakeSession(ClosedOnExit):
    def __init__(self, loaded: RunOutcome, calls: Script) -> None:
        self._loaded = loaded
        self._calls = calls

    def load(self) -> RunOutcome:
        return self._loaded

    def call(self, args: tuple[object, ...], cpu_limit_s: float | None = None) -> RunOutcome:
        outcome = self._calls(args)
        if cpu_limit_s is not None and outcome.cpu_s > cpu_limit_s:
            return replace(outcome, termination=Termination.CPU_LIMIT, reply=None)
        return outcome

    def call_many(
        self, calls: list[tuple[object, ...]], cpu_limit_s: float | None = None
    ) -> RunOutcome:
        """Each call scripted on its own: every value in one reply (their CPU summed), or
        the first outcome that is not one."""
        values: list[Value] = []
        cpu_s = 0.0
        for args in calls:
            outcome = self._calls(args)
            reply = outcome.reply
            if reply is None or reply.kind is not ReplyKind.VALUE or reply.value is None:
                return outcome
            values.append(reply.value)
            cpu_s += outcome.cpu_s
        if cpu_limit_s is not None and cpu_s > cpu_limit_s:
            return ended(Termination.CPU_LIMIT, cpu_s=cpu_s)
        together = Reply(ReplyKind.VALUES, values=tuple(values))
        return RunOutcome(Termination.REPLIED, together, cpu_s, cpu_s, 1024)

    def close(self) -> None:
        pass


class FakeSandbox(ClosedOnExit):
    """Every session loads with `loaded` and answers each call with `calls(args)`; every
    build ends with `built` (a compiler's outcome, and its artifact or None)."""

    name = "fake"

    def __init__(
        self,
        calls: Script,
        loaded: RunOutcome = READY,
        built: Compiled | None = None,
    ) -> None:
        self._calls = calls
        self._loaded = loaded
        self._built = built or Compiled(ended(Termination.EXITED, exit_code=0), b"artifact")
        self.programs: list[Program] = []  # what the judge asked it to run, in order

    def protections(self) -> tuple[str, ...]:
        return ("none: a scripted sandbox for tests",)

    def warning(self) -> str:
        return "runs nothing"

    def session(self, program: Program, limits: Limits, calls: int) -> FakeSession:
        self.programs.append(program)
        return FakeSession(self._loaded, self._calls)

    def compile(self, program: Program, limits: Limits, artifact: str) -> Compiled:
        self.programs.append(program)
        return self._built

    def run(self, program: Program, limits: Limits) -> RunOutcome:
        self.programs.append(program)
        return self._built.outcome

    def interact(self, *args: object) -> Interaction:
        raise SandboxUnavailable("the fake sandbox connects no two runs")

    def close(self) -> None:
        pass


def scripted(outcomes: Sequence[RunOutcome]) -> Script:
    """A script answering the calls with `outcomes`, in order."""
    remaining: Iterator[RunOutcome] = iter(outcomes)

    def answer(args: tuple[object, ...]) -> RunOutcome:
        found = next(remaining, None)
        if found is None:  # as a backend that cannot run says so, not a harness bug
            raise SandboxError(f"the script has no outcome left for a call of {args!r}")
        return found

    return answer
