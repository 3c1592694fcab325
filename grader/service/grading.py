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
EVENT_BATCH_S: Final = 0.05


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
        events = _Events(self._store, stored.id)
        result = grade(
            offered.problem, offered.answers, submission, self._sandbox, True, events.add
        )
        events.flush()
        return result

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


class _Events:
    """Each test's result for the page's rows, written at most EVENT_BATCH_S after it
    finished: the tests finishing within that time of each other share one write (a fast
    submission's nine tests are one commit), and none waits for a slow test after it."""

    def __init__(self, store: Store, identity: str) -> None:
        self._store = store
        self._identity = identity
        self._lock = threading.Lock()
        self._pending: list[tuple[int, object, object]] = []
        self._number = 0
        self._timer: threading.Timer | None = None

    def add(self, test: TestResult) -> None:
        with self._lock:
            self._number += 1
            self._pending.append(
                (self._number, test_document(test), test_document(hidden_view(test)))
            )
            if self._timer is None:
                self._timer = threading.Timer(EVENT_BATCH_S, self.flush)
                self._timer.daemon = True
                self._timer.start()

    def flush(self) -> None:
        with self._lock:
            pending, self._pending = self._pending, []
            timer, self._timer = self._timer, None
        if timer is not None and timer is not threading.current_thread():
            timer.cancel()
            timer.join()  # one already writing has written before the result is stored
        self._store.add_events(self._identity, pending)
