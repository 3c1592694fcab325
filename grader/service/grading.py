"""One submission graded from its row: the same judge and sandbox as `grader grade`, each
test's result written as an event the moment it is decided, the result stored once."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..gradebook import Gradebook
from ..judge import grade, student_view
from ..lti.scores import score_body
from ..lti.store import LtiStore
from ..reports.json_report import submission_document
from ..results import SubmissionResult
from ..sandbox import Sandbox
from ..submission import Submission
from ..verdicts import Verdict
from .catalog import Catalog
from .keeper import LEASE_S, Held, Keeper
from .store import Store, Stored

# A submission that took the grader down this many times is not tried again: it is IE, and
# the others go on (no retry loop around a poison pill).
MAX_ATTEMPTS: Final = 3


@dataclass(frozen=True, slots=True)
class Graded:
    """What grading one row came to, for the metrics."""

    stored: Stored
    result: SubmissionResult
    seconds: float


class Grader:
    def __init__(
        self,
        store: Store,
        catalog: Catalog,
        sandbox: Sandbox,
        observe: Callable[[Graded], None] | None = None,
    ) -> None:
        self._store = store
        self._catalog = catalog
        self._sandbox = sandbox
        self._gradebook = Gradebook(store.database)
        self._observe = observe
        self._keeper = Keeper(store)
        self._lti = LtiStore(store.database)

    def close(self) -> None:
        self._keeper.close()

    def run(self, identity: str) -> SubmissionResult | None:
        """Grade the submission `identity` if it is queued (else None: another grader has
        it, or it is done), holding its lease while it grades."""
        attempts = self._store.start(identity, LEASE_S)
        stored = self._store.get(identity)
        if attempts is None or stored is None:
            return None
        started = time.monotonic()
        held = self._keeper.hold(identity)
        stored_first: list[SubmissionResult] = []  # the verdict, stored before the probes ran

        def verdict(decided: SubmissionResult) -> None:
            self._keeper.flush(held)
            if self._finish(stored, decided):
                stored_first.append(decided)

        try:
            result = (
                self._crashed(stored)
                if attempts > MAX_ATTEMPTS
                else self._grade(stored, held, verdict)
            )
        finally:
            self._keeper.release(held)
        if stored_first:
            self._complete(stored, stored_first[0], result)
        else:
            self._finish(stored, result)
        if self._observe is not None:
            self._observe(Graded(stored, result, time.monotonic() - started))
        return result

    def _grade(
        self,
        stored: Stored,
        held: Held,
        on_verdict: Callable[[SubmissionResult], None] | None = None,
    ) -> SubmissionResult:
        offered = self._catalog.get(stored.problem)
        submission = Submission(
            Path(stored.filename), stored.filename, stored.language, stored.source
        )
        if offered is None:
            return SubmissionResult(
                stored.filename, stored.language, Verdict.IE, 0, 0,
                f"internal error of the grader: the problem {stored.problem} is no longer offered",
                (),
            )  # fmt: skip
        return grade(
            offered.problem,
            offered.answers,
            submission,
            self._sandbox,
            True,
            lambda test: self._keeper.add(held, test),
            on_verdict,
        )

    def _crashed(self, stored: Stored) -> SubmissionResult:
        offered = self._catalog.get(stored.problem)
        return SubmissionResult(
            stored.filename,
            stored.language,
            Verdict.IE,
            0,
            offered.problem.max_score if offered else 0,
            f"internal error of the grader: this submission crashed the grader {MAX_ATTEMPTS} "
            "times and was not graded again",
            (),
        )

    def _finish(self, stored: Stored, result: SubmissionResult) -> bool:
        """Store the result (once: False when another attempt stored it first), then put it
        in the gradebook and send its score to the platform the student came from."""
        full = submission_document(result)
        if not self._store.finish(
            stored.id, result.verdict.value, full, submission_document(student_view(result))
        ):
            return False
        self._recorded(stored, result)
        link = self._lti.linked(stored.student, stored.problem)
        if link is not None:  # launched from a platform: its gradebook gets the score
            self._lti.queue_score(stored.id, link, score_body(link, student_view(result)))
        return True

    def _complete(self, stored: Stored, first: SubmissionResult, result: SubmissionResult) -> None:
        """A submission whose verdict was stored (and answered) before its probes ran: what
        they and its source gave away joins the instructor's document and the gradebook. A
        fault past the verdict (an IE from a probe) leaves the verdict as it was stored."""
        if result.verdict is first.verdict and result.flags:
            self._store.amend(stored.id, submission_document(result))
            self._recorded(stored, result)

    def _recorded(self, stored: Stored, result: SubmissionResult) -> None:
        offered = self._catalog.get(stored.problem)
        if offered is not None:
            submission = Submission(
                Path(stored.filename), stored.filename, stored.language, stored.source
            )
            self._gradebook.record(
                submission, stored.student, offered.problem, self._sandbox.name, result
            )
