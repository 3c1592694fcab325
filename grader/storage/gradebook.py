"""The gradebook: every graded submission in SQLite (or PostgreSQL), written as each one
finishes.

A batch killed halfway loses nothing already graded; run again, it skips every submission
whose content was already graded against the same version of the problem. `export_csv` turns
it into one row per student, a column per problem, for a Canvas or Moodle import.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..errors import UsageError
from ..kinds.catalog import problem_version
from ..problem import Problem
from ..reports.json_report import SubmissionDocument, submission_document
from ..results import SubmissionResult
from ..submission import Submission
from ..verdicts import Verdict
from .database import Database

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id {id},
    student TEXT NOT NULL,
    submission TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    problem TEXT NOT NULL,
    problem_hash TEXT NOT NULL,
    language TEXT NOT NULL,
    backend TEXT NOT NULL,
    verdict TEXT NOT NULL,
    score {float} NOT NULL,
    max_score {float} NOT NULL,
    cpu_s {float} NOT NULL,
    graded_at {float} NOT NULL,
    result_json TEXT NOT NULL,
    UNIQUE (content_hash, problem, problem_hash, student)
);
CREATE TABLE IF NOT EXISTS sources (
    content_hash TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    source {blob} NOT NULL
);
"""


@dataclass(frozen=True, slots=True)
class Graded:
    """What the gradebook already holds for one submission."""

    student: str
    verdict: Verdict
    score: float


def content_hash(submission: Submission) -> str:
    return hashlib.sha256(submission.source).hexdigest()


class Gradebook:
    def __init__(self, where: Path | str | Database) -> None:
        """A gradebook in `where`: a SQLite file, a `postgresql://` URL, or a database the
        caller opened (and closes)."""
        self._owned = not isinstance(where, Database)
        self._db = where if isinstance(where, Database) else Database(where)
        try:
            self._db.script(SCHEMA)
        except Exception as error:
            if self._owned:
                self._db.close()
            raise UsageError(f"{where}: cannot open the gradebook ({error})") from None

    def close(self) -> None:
        if self._owned:
            self._db.close()

    def graded(self, submission: Submission, student: str, problem: Problem) -> Graded | None:
        row = self._db.row(
            "SELECT verdict, score FROM results WHERE content_hash = ? AND problem = ? "
            "AND problem_hash = ? AND student = ?",
            (content_hash(submission), problem.id, problem_version(problem), student),
        )
        return Graded(student, Verdict(row[0]), row[1]) if row else None

    def record(
        self,
        submission: Submission,
        student: str,
        problem: Problem,
        backend: str,
        result: SubmissionResult,
    ) -> None:
        """Store one result, committed at once: a kill a moment later loses nothing. The same
        content graded again against the same problem version replaces its row."""
        self._db.execute(
            "INSERT INTO results (student, submission, content_hash, problem, problem_hash, "
            "language, backend, verdict, score, max_score, cpu_s, graded_at, result_json) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (content_hash, problem, problem_hash, student) DO UPDATE SET "
            "submission = excluded.submission, language = excluded.language, "
            "backend = excluded.backend, verdict = excluded.verdict, score = excluded.score, "
            "max_score = excluded.max_score, cpu_s = excluded.cpu_s, "
            "graded_at = excluded.graded_at, result_json = excluded.result_json",
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
        # The file itself, once per content: what `grader similar --db` and the class report
        # compare and show.
        self._db.execute(
            "INSERT INTO sources (content_hash, language, source) VALUES (?, ?, ?) "
            "ON CONFLICT (content_hash) DO NOTHING",
            (content_hash(submission), result.language, submission.source),
        )

    def amend(
        self,
        submission: Submission,
        student: str,
        problem: Problem,
        document: SubmissionDocument,
    ) -> None:
        """The stored document of a recorded result, completed (its flags, found later)."""
        self._db.execute(
            "UPDATE results SET result_json = ? WHERE content_hash = ? AND problem = ? "
            "AND problem_hash = ? AND student = ?",
            (
                json.dumps(document, ensure_ascii=False),
                content_hash(submission),
                problem.id,
                problem_version(problem),
                student,
            ),
        )

    def latest(self, problem: str) -> list[tuple[str, float, float, SubmissionDocument]]:
        """(student, score, max score, result document) of each student's latest result."""
        rows = self._db.rows(
            "SELECT student, score, max_score, result_json FROM results r WHERE problem = ? "
            "AND graded_at = (SELECT MAX(graded_at) FROM results WHERE student = r.student "
            "AND problem = r.problem) ORDER BY student",
            (problem,),
        )
        return [(str(a), float(b), float(c), json.loads(d)) for a, b, c, d in rows]

    def best_scores(self, problem: str) -> dict[str, float]:
        """Each student's best score on `problem` over all their results: for a lesson, the
        most steps they have passed, whatever their latest submission says."""
        rows = self._db.rows(
            "SELECT student, MAX(score) FROM results WHERE problem = ? GROUP BY student",
            (problem,),
        )
        return {str(student): float(score) for student, score in rows}

    def latest_sources(self, problem: str) -> list[tuple[str, str, str, bytes]]:
        """(student, file name, language, source) of each student's latest submission."""
        rows = self._db.rows(
            "SELECT r.student, r.submission, s.language, s.source FROM results r "
            "JOIN sources s ON s.content_hash = r.content_hash WHERE r.problem = ? "
            "AND r.graded_at = (SELECT MAX(graded_at) FROM results WHERE student = r.student "
            "AND problem = r.problem) ORDER BY r.student",
            (problem,),
        )
        return [(str(a), str(b), str(c), bytes(d)) for a, b, c, d in rows]

    def export_csv(self) -> str:
        """One row per student, a column per problem: the score of their latest graded
        submission. `Student` and `SIS Login ID` carry the student's name as graded."""
        rows = self._db.rows(
            "SELECT student, problem, score, max_score FROM results r WHERE graded_at = "
            "(SELECT MAX(graded_at) FROM results WHERE student = r.student "
            "AND problem = r.problem) ORDER BY student, problem"
        )
        return scores_csv([(str(a), str(b), float(c), float(d)) for a, b, c, d in rows])


FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


def inert_cell(text: str) -> str:
    """A cell a spreadsheet shows as text: one that begins like a formula (OWASP's CSV
    injection rule: = + - @, a tab or a carriage return) gets a leading quote. A student's
    name is the platform's or a folder's, and a spreadsheet would run `=HYPERLINK(...)`."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def scores_csv(rows: list[tuple[str, str, float, float]]) -> str:
    """(student, problem, score, max score) rows as the CSV Canvas and Moodle import: one
    row per student, a column per problem, a "Points Possible" row first."""
    problems = sorted({problem for _, problem, _, _ in rows})
    maxima = {problem: high for _, problem, _, high in rows}
    scores: dict[str, dict[str, float]] = {}
    for student, problem, score, _ in rows:
        scores.setdefault(student, {})[problem] = score
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["Student", "SIS Login ID", *map(inert_cell, problems)])
    writer.writerow(["Points Possible", "", *(f"{maxima[p]:g}" for p in problems)])
    for student in sorted(scores):
        marks = scores[student]
        name = inert_cell(student)
        writer.writerow([name, name, *(f"{marks[p]:g}" if p in marks else "" for p in problems)])
    return out.getvalue()
