"""One submission graded from its row: the same judge and sandbox as `grader grade`, each
test's result written as an event the moment it is decided, the result stored once; its
instructor's flags found later (`find_flags`, flags_owed.py), when no grading waits."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..integrations.lti.scores import score_body
from ..integrations.lti.store import LtiStore
from ..judge import CRASHED_EVERY_GRADER, flags_for, student_view
from ..kinds import grade
from ..kinds.catalog import Catalog
from ..reports.json_report import SubmissionDocument, flag_documents, submission_document
from ..results import Flag, FlagKind, SubmissionResult
from ..sandbox import Sandbox
from ..storage.gradebook import Gradebook
from ..submission import Submission
from ..verdicts import Verdict
from .flags_owed import FlagsOwed
from .keeper import LEASE_S, Held, Keeper
from .rows import Stored
from .store import Store

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
        self._owed = FlagsOwed(store.database)

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
        held = self._keeper.hold(identity, attempts)
        try:
            crashed = attempts > MAX_ATTEMPTS
            result = self._crashed(stored) if crashed else self._grade(stored, held)
        finally:
            self._keeper.release(held)
        self._finish(stored, attempts, result)
        if self._observe is not None:
            self._observe(Graded(stored, result, time.monotonic() - started))
        return result

    def find_flags(self, identity: str) -> bool:
        """Find the instructor's flags of a stored submission that owes them, and add them to
        its instructor's document and the gradebook. False when none are owed (found
        already, or another worker is finding them)."""
        attempts = self._owed.claim(identity)
        if attempts is None:
            return False
        stored = self._store.get(identity)
        offered = self._catalog.get(stored.problem) if stored else None
        if stored is None or stored.result is None or offered is None:
            self._owed.paid(identity)
            return False
        slowest = max((test["time_s"] or 0.0 for test in stored.result["tests"]), default=0.0)
        flags = (
            (
                Flag(
                    FlagKind.UNCHECKED,
                    f"finding this submission's flags crashed the grader "
                    f"{MAX_ATTEMPTS} times; not tried again",
                ),
            )
            if attempts > MAX_ATTEMPTS
            else flags_for(
                offered.problem,
                offered.answers,
                self._submission(stored),
                self._sandbox,
                stored.verdict is Verdict.AC,
                slowest,
            )
        )
        if flags:
            had = stored.result["flags"]
            document: SubmissionDocument = {
                **stored.result,
                "flags": [*had, *flag_documents(flags)],
            }
            self._store.amend(identity, document)
            self._gradebook.amend(
                self._submission(stored), stored.student, offered.problem, document
            )
        self._owed.paid(identity)
        return True

    def _grade(self, stored: Stored, held: Held) -> SubmissionResult:
        offered = self._catalog.get(stored.problem)
        if offered is None:
            return SubmissionResult(
                stored.filename,
                stored.language,
                Verdict.IE,
                0,
                0,
                f"internal error of the grader: the problem {stored.problem} is no longer offered",
                (),
            )
        return grade(
            offered.problem,
            offered.answers,
            self._submission(stored),
            self._sandbox,
            True,
            lambda test: self._keeper.add(held, test),
            with_flags=False,
        )

    @staticmethod
    def _submission(stored: Stored) -> Submission:
        return Submission(Path(stored.filename), stored.filename, stored.language, stored.source)

    def _crashed(self, stored: Stored) -> SubmissionResult:
        offered = self._catalog.get(stored.problem)
        return SubmissionResult(
            stored.filename,
            stored.language,
            Verdict.IE,
            0,
            offered.problem.max_score if offered else 0,
            f"{CRASHED_EVERY_GRADER} {MAX_ATTEMPTS} times and was not graded again",
            (),
        )

    def _finish(self, stored: Stored, attempt: int, result: SubmissionResult) -> None:
        """Store the result of the claim `attempt`, its gradebook row and the flags it owes,
        in one transaction and only while the claim holds: a grader that lost its lease
        (stopped, paused past it) writes nothing over the result another attempt stored.
        Then send its score to the platform the student came from."""
        offered = self._catalog.get(stored.problem)
        full = submission_document(result)
        with self._store.database.exclusive(f"finish:{stored.id}"):
            if not self._store.finish(
                stored.id,
                attempt,
                result.verdict,
                full,
                submission_document(student_view(result)),
            ):
                return
            if offered is not None:  # a submission seen done is in the gradebook too
                self._gradebook.record(
                    self._submission(stored),
                    stored.student,
                    offered.problem,
                    self._sandbox.name,
                    result,
                )
            if result.verdict is not Verdict.IE:  # an internal error has no flags to find
                self._owed.owe(stored.id)
        link = self._lti.linked(stored.student, stored.problem)
        if link is not None:  # launched from a platform: its gradebook gets the score
            self._lti.queue_score(stored.id, link, score_body(link, student_view(result)))
