"""The service's rows: every submission (its source, status and attempts), the events of
each test as it finished, and the results, which also go to the gradebook's `results`
table (so `grader export --db` reads a service's database). The database is the truth: a
queue only says what to grade next, and anything the queue lost is found here again."""

from __future__ import annotations

import json
import time
import uuid
from typing import Final

from ..reports.json_report import SubmissionDocument
from ..storage.database import Database
from ..verdicts import Verdict
from .batches import IN_BATCH, Batches
from .rows import DONE, FIELDS, HOLDS, QUEUED, RUNNING, Stored, submission_id
from .tokens import Tokens

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS submissions (
    id TEXT PRIMARY KEY,
    student TEXT NOT NULL,
    problem TEXT NOT NULL,
    problem_hash TEXT NOT NULL,
    language TEXT NOT NULL,
    filename TEXT NOT NULL,
    source {blob} NOT NULL,
    status TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at {float} NOT NULL,
    started_at {float},
    lease_until {float},
    finished_at {float},
    job TEXT,
    batch TEXT,
    verdict TEXT,
    result_json TEXT,
    student_json TEXT
);
CREATE INDEX IF NOT EXISTS submissions_by_student ON submissions (student, created_at);
CREATE INDEX IF NOT EXISTS submissions_by_status ON submissions (status, created_at);
CREATE TABLE IF NOT EXISTS events (
    submission TEXT NOT NULL,
    number INTEGER NOT NULL,
    full_json TEXT NOT NULL,
    student_json TEXT NOT NULL,
    PRIMARY KEY (submission, number)
);
CREATE TABLE IF NOT EXISTS service (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS space_probe (
    payload {blob} NOT NULL
)
"""


class Store:
    def __init__(self, database: Database) -> None:
        self.database = database
        database.script(SCHEMA)
        self.tokens = Tokens(database)
        self.batches = Batches(database)

    def submit(
        self,
        student: str,
        problem: str,
        problem_hash: str,
        language: str,
        filename: str,
        source: bytes,
        batch: str | None = None,
    ) -> tuple[Stored, bool]:
        """The submission's row, and whether it is new (False: the same one was handed in
        before, and nothing is queued again)."""
        identity = submission_id(student, problem, problem_hash, language, source)
        created = self.database.execute(
            "INSERT INTO submissions (id, student, problem, problem_hash, language, filename, "
            "source, status, created_at, batch) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO NOTHING",
            (
                identity,
                student,
                problem,
                problem_hash,
                language,
                filename,
                source,
                QUEUED,
                time.time(),
                batch,
            ),
        )
        if batch is not None:
            self.batches.add_member(batch, identity)
        found = self.get(identity)
        assert found is not None
        return found, created == 1

    def get(self, identity: str) -> Stored | None:
        row = self.database.row(f"SELECT {FIELDS} FROM submissions WHERE id = ?", (identity,))
        return Stored.of(row) if row else None

    def of_student(self, student: str, limit: int = 50) -> list[Stored]:
        rows = self.database.rows(
            f"SELECT {FIELDS} FROM submissions WHERE student = ? ORDER BY created_at DESC LIMIT ?",
            (student, limit),
        )
        return [Stored.of(row) for row in rows]

    def of_problem(self, problem: str) -> list[Stored]:
        rows = self.database.rows(
            f"SELECT {FIELDS} FROM submissions WHERE problem = ? ORDER BY created_at", (problem,)
        )
        return [Stored.of(row) for row in rows]

    def of_batch(self, batch: str) -> list[Stored]:
        rows = self.database.rows(
            f"SELECT {FIELDS} FROM submissions WHERE {IN_BATCH} ORDER BY created_at", (batch,)
        )
        return [Stored.of(row) for row in rows]

    def batch_counts(self, batch: str) -> list[tuple[str, str | None, int]]:
        """(status, verdict, how many) of a batch's submissions, counted by the database."""
        rows = self.database.rows(
            f"SELECT status, verdict, COUNT(*) FROM submissions WHERE {IN_BATCH} "
            "GROUP BY status, verdict",
            (batch,),
        )
        return [(str(a), b, int(c)) for a, b, c in rows]

    def position(self, stored: Stored) -> int:
        """How many queued submissions were handed in before this one (0: next)."""
        row = self.database.row(
            "SELECT COUNT(*) FROM submissions WHERE status = ? AND created_at < ?",
            (QUEUED, stored.created_at),
        )
        return int(row[0]) if row else 0

    def waiting(self) -> int:
        row = self.database.row(
            "SELECT COUNT(*) FROM submissions WHERE status IN (?, ?)", (QUEUED, RUNNING)
        )
        return int(row[0]) if row else 0

    def recent(self, student: str, since: float) -> tuple[int, int]:
        """(handed in since `since`, not graded yet) for one student."""
        row = self.database.row(
            "SELECT COALESCE(SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END), 0), "
            "COALESCE(SUM(CASE WHEN status != ? THEN 1 ELSE 0 END), 0) "
            "FROM submissions WHERE student = ?",
            (since, DONE, student),
        )
        return (int(row[0]), int(row[1])) if row else (0, 0)

    def start(self, identity: str, lease_s: float) -> int | None:
        """Claim a queued submission for `lease_s` seconds of the database's clock (renewed
        while it is graded) and count the attempt; its attempts so far, which name the claim
        every later write is fenced by, or None when it is not queued (another worker has
        it, or it is done: a duplicate job)."""
        clock = self.database.clock
        claimed = self.database.row(
            f"UPDATE submissions SET status = ?, attempts = attempts + 1, started_at = {clock}, "
            f"lease_until = {clock} + ? WHERE id = ? AND status = ? RETURNING attempts",
            (RUNNING, lease_s, identity, QUEUED),
        )
        return int(claimed[0]) if claimed else None

    def renew(self, identity: str, attempt: int, lease_s: float) -> bool:
        """Extend the claim `attempt`; False when it is no longer this grader's (its lease
        ran out and another attempt took the submission)."""
        return (
            self.database.execute(
                f"UPDATE submissions SET lease_until = {self.database.clock} + ? "
                "WHERE id = ? AND status = ? AND attempts = ?",
                (lease_s, identity, RUNNING, attempt),
            )
            == 1
        )

    def expired(self) -> list[Stored]:
        """Submissions claimed by a grader that stopped renewing its lease: it died."""
        rows = self.database.rows(
            f"SELECT {FIELDS} FROM submissions WHERE status = ? "
            f"AND lease_until < {self.database.clock}",
            (RUNNING,),
        )
        return [Stored.of(row) for row in rows]

    def requeue(self, identity: str) -> None:
        self.database.execute(
            "UPDATE submissions SET status = ? WHERE id = ? AND status = ?",
            (QUEUED, identity, RUNNING),
        )

    def queued(self, before: float) -> list[tuple[str, str, str | None]]:
        """(id, student, job) of every submission queued since before `before`, oldest
        first."""
        rows = self.database.rows(
            "SELECT id, student, job FROM submissions WHERE status = ? AND created_at < ? "
            "ORDER BY created_at",
            (QUEUED, before),
        )
        return [(str(a), str(b), c) for a, b, c in rows]

    def working_on(self, job: str, recent_s: float) -> bool:
        """Whether a grader is working through the queue's job `job` (a chunk of a batch):
        one of its submissions is graded under a live lease, or was finished within
        `recent_s`. Its later members, still queued here, are then its to grade."""
        clock = self.database.clock
        return (
            self.database.row(
                "SELECT 1 FROM submissions WHERE job = ? AND ((status = ? AND lease_until > "
                f"{clock}) OR finished_at > {clock} - ?) LIMIT 1",
                (job, RUNNING, recent_s),
            )
            is not None
        )

    def set_job(self, identities: list[str], job: str) -> None:
        for identity in identities:
            self.database.execute("UPDATE submissions SET job = ? WHERE id = ?", (job, identity))

    def add_events(
        self, identity: str, attempt: int, events: list[tuple[int, object, object]]
    ) -> None:
        """Tests' results as they finished, (number, instructor's view, student's view), by
        the claim `attempt`: written only while that claim holds (a grader that lost it
        writes nothing); a later attempt of the same submission overwrites them."""
        self.database.many(
            "INSERT INTO events (submission, number, full_json, student_json) "
            f"SELECT ?, ?, ?, ? WHERE {HOLDS} "
            "ON CONFLICT (submission, number) DO UPDATE SET "
            "full_json = excluded.full_json, student_json = excluded.student_json",
            [
                (identity, number, json.dumps(full), json.dumps(student), identity, attempt)
                for number, full, student in events
            ],
        )

    def events(self, identity: str, after: int, full: bool) -> list[tuple[int, dict[str, object]]]:
        column = "full_json" if full else "student_json"
        rows = self.database.rows(
            f"SELECT number, {column} FROM events WHERE submission = ? AND number > ? "
            "ORDER BY number",
            (identity, after),
        )
        return [(int(number), json.loads(data)) for number, data in rows]

    def finish(
        self,
        identity: str,
        attempt: int,
        verdict: Verdict,
        full: SubmissionDocument,
        student: SubmissionDocument,
    ) -> bool:
        """Store the result of the claim `attempt`, once, and only while its lease is live:
        False when that claim is no longer the submission's latest (another attempt took it),
        its lease ran out (a grader paused past it: its times are inflated by the pause, so
        the submission is graded again, by the sweeper's hand), or the result is stored."""
        clock = self.database.clock
        changed = self.database.execute(
            "UPDATE submissions SET status = ?, verdict = ?, result_json = ?, student_json = ?, "
            f"finished_at = {clock} WHERE id = ? AND attempts = ? AND status = ? "
            f"AND lease_until >= {clock}",
            (DONE, verdict, json.dumps(full), json.dumps(student), identity, attempt, RUNNING),
        )
        return changed == 1

    def amend(self, identity: str, full: SubmissionDocument) -> None:
        """The instructor's document of a finished submission, completed (its flags)."""
        self.database.execute(
            "UPDATE submissions SET result_json = ? WHERE id = ?", (json.dumps(full), identity)
        )

    def service_id(self) -> str:
        """This database's service: an id made once, which the service writes beside its
        queue and every job carries, so that a worker given another database refuses."""
        self.database.execute(
            "INSERT INTO service (key, value) VALUES ('id', ?) ON CONFLICT (key) DO NOTHING",
            (uuid.uuid4().hex,),
        )
        row = self.database.row("SELECT value FROM service WHERE key = 'id'")
        assert row is not None
        return str(row[0])
