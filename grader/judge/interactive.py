"""An interactive problem's test: the submission and the package's validator run at once,
each in a sandbox of its own, each one's stdout the other's stdin (Sandbox.interact); the
submission's limits on the submission, the package's validation limits on the validator.

The verdict, as Kattis decides it: a validator that ended first and rejected makes a wrong
answer whatever the submission did after (it may die of the closed pipe); otherwise the
submission's own failure (time, memory, a crash) comes first; then the validator's word."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InternalError
from ..problem_package import DataCase
from ..sandbox.base import RunOutcome
from ..verdicts import Verdict
from .failures import Finding
from .package import PackageRun
from .validation import INTERACTIVE_WRAPPER, Judged, read_feedback, validation_limits


@dataclass(frozen=True, slots=True)
class InteractiveRun(PackageRun):
    def execute(self, case: DataCase, flags: str) -> tuple[RunOutcome, Judged | None, Finding]:
        validator = self.validator.wrapped(case, flags, INTERACTIVE_WRAPPER)
        limits = self.problem.limits
        ran = self.sandbox.interact(
            self.program, limits, validator, validation_limits(self.package), "verdict"
        )
        judged = None
        if ran.peer_artifact is not None:
            judged = read_feedback(self.problem, case, ran.peer_artifact)
        failed = self.failed(ran.outcome)
        if judged is not None and judged.verdict is Verdict.WA and ran.peer_ended_first:
            return ran.outcome, judged, self.found(judged)
        if failed is not None:
            return ran.outcome, judged, failed
        if judged is None:
            said = ran.peer_outcome.stderr.decode("utf-8", "replace").strip()[:500]
            raise InternalError(
                f"{self.problem.id}: the interactive validator did not finish on {case.name} "
                f"({ran.peer_outcome.termination}){': ' + said if said else ''}"
            )
        return ran.outcome, judged, self.found(judged)
