"""The gradebook: every graded submission in SQLite, written as each one finishes.

A batch killed halfway loses nothing already graded; run again, it skips every submission
whose content was already graded against the same version of the problem. `export_csv` turns
it into one row per student, a column per problem, for a Canvas or Moodle import.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from .errors import UsageError
from .problem import Problem
from .reports.json_report import submission_document
from .results import SubmissionResult
from .submission import Submission

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    student TEXT NOT NULL,
    submission TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    problem TEXT NOT NULL,
    problem_hash TEXT NOT NULL,
    language TEXT NOT NULL,
    backend TEXT NOT NULL,
    verdict TEXT NOT NULL,
    score REAL NOT NULL,
    max_score REAL NOT NULL,
    cpu_s REAL NOT NULL,
    graded_at REAL NOT NULL,
    result_json TEXT NOT NULL,
    UNIQUE (content_hash, problem, problem_hash, student)
);
"""


@dataclass(frozen=True, slots=True)
class Graded:
    """What the gradebook already holds for one submission."""

    student: str
    verdict: str
    score: float


def problem_version(problem: Problem) -> str:
    """A hash of what grading depends on: problem.yaml and the stored answers."""
    digest = hashlib.sha256((problem.directory / "problem.yaml").read_bytes())
    for path in sorted((problem.directory / "answers").glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def content_hash(submission: Submission) -> str:
    return hashlib.sha256(submission.source).hexdigest()


class Gradebook:
    def __init__(self, path: Path) -> None:
        try:
            self._db = sqlite3.connect(path)
            self._db.executescript(SCHEMA)
        except sqlite3.Error as error:
            raise UsageError(f"{path}: cannot open the gradebook ({error})") from None

    def close(self) -> None:
        self._db.close()

    def graded(self, submission: Submission, student: str, problem: Problem) -> Graded | None:
        row = self._db.execute(
            "SELECT verdict, score FROM results WHERE content_hash = ? AND problem = ? "
            "AND problem_hash = ? AND student = ?",
            (content_hash(submission), problem.id, problem_version(problem), student),
        ).fetchone()
        return Graded(student, row[0], row[1]) if row else None

    def record(
        self,
        submission: Submission,
        student: str,
        problem: Problem,
        backend: str,
        result: SubmissionResult,
    ) -> None:
        """Store one result and commit at once: a kill a moment later loses nothing."""
        self._db.execute(
            "INSERT OR REPLACE INTO results (student, submission, content_hash, problem, "
            "problem_hash, language, backend, verdict, score, max_score, cpu_s, graded_at, "
            "result_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                student,
                result.submission,
                content_hash(submission),
                problem.id,
                problem_version(problem),
                result.language,
                backend,
                result.verdict.value,
                result.score,
                result.max_score,
                sum(test.time_s for test in result.tests),
                time.time(),
                json.dumps(submission_document(result), ensure_ascii=False),
            ),
        )
        self._db.commit()

    def export_csv(self) -> str:
        """One row per student, a column per problem: the score of their latest graded
        submission. `Student` and `SIS Login ID` carry the student's name as graded."""
        rows = self._db.execute(
            "SELECT student, problem, score, max_score FROM results r WHERE graded_at = "
            "(SELECT MAX(graded_at) FROM results WHERE student = r.student "
            "AND problem = r.problem) ORDER BY student, problem"
        ).fetchall()
        problems = sorted({problem for _, problem, _, _ in rows})
        maxima = {problem: high for _, problem, _, high in rows}
        scores: dict[str, dict[str, float]] = {}
        for student, problem, score, _ in rows:
            scores.setdefault(student, {})[problem] = score
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["Student", "SIS Login ID", *problems])
        writer.writerow(["Points Possible", "", *(f"{maxima[p]:g}" for p in problems)])
        for student in sorted(scores):
            marks = scores[student]
            writer.writerow(
                [student, student, *(f"{marks[p]:g}" if p in marks else "" for p in problems)]
            )
        return out.getvalue()
