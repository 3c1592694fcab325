"""An interactive problem's test: the submission and the package's validator run at once,
each in a sandbox of its own, each one's stdout the other's stdin (Sandbox.interact); the
submission's limits on the submission, the package's validation limits on the validator.

The verdict, as Kattis decides it: a validator that ended first and rejected makes a wrong
answer whatever the submission did after (it may die of the closed pipe); otherwise the
submission's own failure (time, memory, a crash) comes first; then the validator's word."""

from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import Final

from ..judge.failures import Finding
from ..sandbox.base import RunOutcome, Termination
from ..verdicts import Verdict
from .model import DataCase
from .run import PackageRun, with_case
from .validation import FEEDBACK_FILES, MESSAGE_BYTES, Judged, judged, stopped, validation_limits

FEEDBACK_NAMES = tuple(f"{name}.txt" for name in FEEDBACK_FILES)
LEFT_EARLY = "your program ended before the conversation with the judge did"


@dataclass(frozen=True, slots=True)
class InteractiveRun(PackageRun):
    def execute(self, case: DataCase, flags: str) -> tuple[RunOutcome, Judged | None, Finding]:
        # The validator itself is the peer, its feedback folder out/: it ends the moment it
        # has decided, and that moment is compared with the submission's end.
        validator = self.validator.called(case, flags, "out/")
        limits = self.problem.limits
        ran = self.sandbox.interact(
            with_case(self.program, case),
            limits,
            validator,
            validation_limits(self.package),
            FEEDBACK_NAMES,
        )
        peer = ran.peer_outcome
        code = peer.exit_code if peer.termination is Termination.EXITED else None
        feedback = {
            name.removesuffix(".txt"): content[:MESSAGE_BYTES].decode("utf-8", "replace")
            for name, content in ran.peer_files.items()
        }
        feedback[".err"] = peer.stderr.decode("utf-8", "replace")
        failed = self.failed(ran.outcome)
        peer_first = ran.peer_ended_first or (
            ran.ended_together and _ended_by_the_validator(ran.outcome)
        )
        if peer.termination is Termination.EXITED:
            verdict = judged(self.problem, case, code, feedback)
        else:
            verdict = stopped(self.problem, case, peer)
        if peer_first and verdict.verdict is Verdict.WA:
            # Rejected (or flooded) before the submission's own end: whatever it did after
            # (it may die of the closed pipe) is not its verdict.
            return ran.outcome, verdict, self.found(verdict)
        if failed is not None:
            return ran.outcome, None, failed
        if verdict.verdict is Verdict.IE and not peer_first:
            # The validator failed after the submission had gone (a closed pipe, its input
            # cut short): the submission left the conversation before it ended.
            verdict = Judged(Verdict.WA, LEFT_EARLY, verdict.judge_message)
        return ran.outcome, verdict, self.found(verdict)


# What a program says as it dies of a validator gone before it: its output closed, or its
# input at its end (Python, Java, Rust, C#'s words).
CONVERSATION_ENDED_SAID: Final = (
    b"BrokenPipeError",
    b"Broken pipe",
    b"broken pipe",
    b"EOFError",
    b"NoSuchElementException",
    b"EndOfStreamException",
)


def _ended_by_the_validator(outcome: RunOutcome) -> bool:
    """Whether the program died of the conversation's end (SIGPIPE, or an error saying its
    output was closed or its input ran out): its end then followed the validator's,
    whenever the two were seen."""
    if outcome.termination is Termination.SIGNALED:
        return outcome.signal == signal.SIGPIPE
    return outcome.termination is Termination.EXITED and any(
        said in outcome.stderr for said in CONVERSATION_ENDED_SAID
    )
