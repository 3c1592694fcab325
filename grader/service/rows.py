"""A submission's row as the service reads it (`Stored`), its statuses, and its id: what
store.py's queries return and every route and grader reads."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ..reports.json_report import SubmissionDocument
from ..storage.database import Row
from ..verdicts import Verdict


class Status(StrEnum):
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"


QUEUED, RUNNING, DONE = Status.QUEUED, Status.RUNNING, Status.DONE
# A claim (submission id, attempt) that still holds: the latest attempt, not finished.
HOLDS: Final = (
    "EXISTS (SELECT 1 FROM submissions WHERE id = ? AND attempts = ? AND status = 'running')"
)
FIELDS: Final = (
    "id, student, problem, problem_hash, language, filename, source, status, attempts, "
    "created_at, batch, verdict, result_json, student_json"
)


def submission_id(
    student: str, problem: str, problem_hash: str, language: str, source: bytes
) -> str:
    """The same student handing in the same file for the same version of a problem is the
    same submission: a second submit, or a retry, finds the first."""
    digest = hashlib.sha256()
    for part in (student, problem, problem_hash, language):
        digest.update(part.encode() + b"\0")
    digest.update(source)
    return digest.hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class Stored:
    """One submission's row."""

    id: str
    student: str
    problem: str
    problem_hash: str
    language: str
    filename: str
    source: bytes
    status: Status
    attempts: int
    created_at: float
    batch: str | None
    verdict: Verdict | None
    result: SubmissionDocument | None  # the instructor's view: hidden tests revealed
    student_result: SubmissionDocument | None

    @classmethod
    def of(cls, row: Row) -> Stored:
        """A row of FIELDS, which lists the fields in this class's order."""
        full, student = row[12], row[13]
        verdict = Verdict(row[11]) if row[11] else None
        return cls(
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            bytes(row[6]),
            Status(row[7]),
            int(row[8]),
            float(row[9]),
            row[10],
            verdict,
            json.loads(full) if full else None,
            json.loads(student) if student else None,
        )
