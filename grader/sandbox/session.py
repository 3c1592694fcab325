"""A submission's runner as the judge uses it (`SupervisedSession`: one child for all its
calls, a fresh one after any kill), a build run to its end, and how an exit status reads."""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from ..limits import Limits
from ..protocol import ReplyKind, encode_batch, encode_request
from .base import Child, ClosedOnExit, RunOutcome, Termination
from .files import read_artifact
from .preparation import START_MARGIN_S
from .supervisor import Supervisor

# CPU a runner may use between two calls without being restarted: a runtime's own
# housekeeping after a call (a JVM's compiler and collector threads) stays under it.
BETWEEN_CALLS_S: Final = 0.05


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


def run_to_end(start: Callable[[], Child], limits: Limits) -> RunOutcome:
    """Supervise what `start` starts to its end; once more if the machine starved it (its
    fault, not the program's)."""
    for _ in range(2):
        child = Supervisor(start(), limits)
        try:
            outcome = child.exchange(None, limits.wall_s)
        finally:
            child.kill()
        if outcome.termination is not Termination.STARVED:
            break
    return outcome


def run_build(
    start: Callable[[str], Child], limits: Limits, artifact: str
) -> tuple[RunOutcome, bytes | None]:
    """Run a build to its end: `start(output_dir)` starts it with a fresh host directory
    writable at out/; the artifact is read from there only if the build exited 0."""
    output_dir = tempfile.mkdtemp(prefix="grader-build-")
    try:
        os.chmod(output_dir, 0o777)  # the build runs as an unprivileged uid
        outcome = run_to_end(lambda: start(output_dir), limits)
        succeeded = outcome.termination is Termination.EXITED and outcome.exit_code == 0
        return outcome, read_artifact(output_dir, artifact) if succeeded else None
    finally:
        shutil.rmtree(output_dir, ignore_errors=True)


class SupervisedSession(ClosedOnExit):
    """A submission's runner: one child for all calls, a fresh one after any kill."""

    def __init__(self, start: Callable[[], Child], limits: Limits) -> None:
        self._start = start
        self._limits = limits
        self._child: Supervisor | None = None
        self._load_charge = 0.0  # owed by the next call: the last load's own work

    # A run the machine starved of CPU (Termination.STARVED) is run once more, in a fresh
    # child: only if it starves again does the judge report the machine's fault.

    def load(self) -> RunOutcome:
        outcome = self._load()
        return self._load() if outcome.termination is Termination.STARVED else outcome

    def call(self, args: tuple[object, ...], cpu_limit_s: float | None = None) -> RunOutcome:
        return self._twice(lambda request_id: encode_request(args, request_id), cpu_limit_s)

    def call_many(
        self, calls: list[tuple[object, ...]], cpu_limit_s: float | None = None
    ) -> RunOutcome:
        return self._twice(lambda request_id: encode_batch(calls, request_id), cpu_limit_s)

    def _twice(self, request: Callable[[int], bytes], cpu_limit_s: float | None) -> RunOutcome:
        outcome = self._call(request, cpu_limit_s)
        if outcome.termination is Termination.STARVED:
            return self._call(request, cpu_limit_s)
        return outcome

    def _load(self) -> RunOutcome:
        self.close()
        self._child = Supervisor(self._start(), self._limits)
        # Loading includes the runtime's own start-up (a JVM's is most of a second of CPU).
        margin = 2 * START_MARGIN_S
        outcome = self._child.exchange(
            None, self._limits.wall_s + margin, self._limits.time_s + margin
        )
        if outcome.reply is None or outcome.reply.kind is not ReplyKind.READY:
            self.close()
        allowance = self._limits.load_allowance_s
        self._load_charge = 0.0 if allowance is None else max(outcome.cpu_s - allowance, 0.0)
        return outcome

    def _call(self, request: Callable[[int], bytes], cpu_limit_s: float | None) -> RunOutcome:
        if self._child is None:
            loaded = self.load()
            if self._child is None:
                return loaded
        assert self._child is not None
        # Unguessable: a frame written before the request was sent (by a C++ static
        # initializer, say, before the driver's main) can never answer it.
        request_id = secrets.randbelow(2**48) + 1
        charge, self._load_charge = self._load_charge, 0.0
        allowed = (
            self._limits.time_s if cpu_limit_s is None else min(cpu_limit_s, self._limits.time_s)
        )
        outcome = self._child.exchange(
            request(request_id),
            self._limits.wall_s,
            max(allowed - charge, 0.0),
            request_id=request_id,
        )
        if (
            outcome.termination is not Termination.REPLIED
            or outcome.between_cpu_s > BETWEEN_CALLS_S
        ):
            # A runner that worked while no call was in progress has something of its own
            # going (a thread, a process): counted in this call, it ends with it, and the
            # next call starts a fresh runner.
            self.close()
        if charge:
            outcome = replace(outcome, cpu_s=round(outcome.cpu_s + charge, 6), load_cpu_s=charge)
        return outcome

    def close(self) -> None:
        if self._child is not None:
            self._child.kill()
            self._child = None
