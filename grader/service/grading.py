"""One submission graded from its row: the same judge and sandbox as `grader grade`, each
test's result written as an event the moment it is decided, the result stored once."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..gradebook import Gradebook
from ..judge import grade, hidden_view, student_view
from ..reports.json_report import submission_document, test_document
from ..results import SubmissionResult, TestResult
from ..sandbox import Sandbox
from ..submission import Submission
from ..verdicts import Verdict
from .catalog import Catalog
from .store import Store, Stored

# A submission that took the grader down this many times is not tried again: it is IE, and
# the others go on (no retry loop around a poison pill).
MAX_ATTEMPTS: Final = 3
# A grader holds a claimed submission this long, renewing it every third of it while it
# grades; one that died stops renewing, and a sweeper queues the submission again.
LEASE_S: Final = 5.0


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

    def run(self, identity: str) -> SubmissionResult | None:
        """Grade the submission `identity` if it is queued (else None: another grader has
        it, or it is done), holding its lease while it grades."""
        attempts = self._store.start(identity, LEASE_S)
        stored = self._store.get(identity)
        if attempts is None or stored is None:
            return None
        started = time.monotonic()
        done = threading.Event()
        renewing = threading.Thread(target=self._renew, args=(identity, done), daemon=True)
        renewing.start()
        try:
            result = self._crashed(stored) if attempts > MAX_ATTEMPTS else self._grade(stored)
            self._finish(stored, result)
        finally:
            done.set()
            renewing.join()
        if self._observe is not None:
            self._observe(Graded(stored, result, time.monotonic() - started))
        return result

    def _renew(self, identity: str, done: threading.Event) -> None:
        while not done.wait(LEASE_S / 3):
            self._store.renew(identity, LEASE_S)

    def _grade(self, stored: Stored) -> SubmissionResult:
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
        numbered = iter(range(1, 1 + len(offered.problem.tests)))

        def on_test(test: TestResult) -> None:
            self._store.add_event(
                stored.id, next(numbered), test_document(test), test_document(hidden_view(test))
            )

        return grade(offered.problem, offered.answers, submission, self._sandbox, True, on_test)

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

    def _finish(self, stored: Stored, result: SubmissionResult) -> None:
        full = submission_document(result)
        if self._store.finish(
            stored.id, result.verdict.value, full, submission_document(student_view(result))
        ):
            offered = self._catalog.get(stored.problem)
            if offered is not None:
                submission = Submission(
                    Path(stored.filename), stored.filename, stored.language, stored.source
                )
                self._gradebook.record(
                    submission, stored.student, offered.problem, self._sandbox.name, result
                )
