"""A class's hand-ins handed in together: each batch (its problem, when), and its members,
every file handed in with it, new or handed in before (the same zip again, after an API
died storing it the first time, adopts what that one stored): a submission may be in many
batches. Made after the submissions' table (store.py), whose older rows it reads."""

from __future__ import annotations

import time
from typing import Final

from ..storage.database import Database

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS batches (
    id TEXT PRIMARY KEY,
    problem TEXT NOT NULL,
    created_at {float} NOT NULL
);
CREATE TABLE IF NOT EXISTS batch_members (
    batch TEXT NOT NULL,
    submission TEXT NOT NULL,
    PRIMARY KEY (batch, submission)
);
-- Batches stored before there were members: each had only the rows it created.
INSERT INTO batch_members (batch, submission)
    SELECT batch, id FROM submissions WHERE batch IS NOT NULL
    ON CONFLICT DO NOTHING
"""
# A condition on the submissions' table: the row is a member of the batch given.
IN_BATCH: Final = "id IN (SELECT submission FROM batch_members WHERE batch = ?)"


class Batches:
    def __init__(self, database: Database) -> None:
        self.database = database
        database.script(SCHEMA)

    def add(self, identity: str, problem: str) -> None:
        self.database.execute(
            "INSERT INTO batches (id, problem, created_at) VALUES (?, ?, ?) "
            "ON CONFLICT (id) DO NOTHING",
            (identity, problem, time.time()),
        )

    def add_member(self, batch: str, submission: str) -> None:
        self.database.execute(
            "INSERT INTO batch_members (batch, submission) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (batch, submission),
        )

    def latest(self, limit: int = 100) -> list[tuple[str, str, float, int]]:
        """(id, problem, created at, submissions) of the latest batches, newest first."""
        rows = self.database.rows(
            "SELECT b.id, b.problem, b.created_at, COUNT(m.submission) FROM batches b "
            "LEFT JOIN batch_members m ON m.batch = b.id "
            "GROUP BY b.id, b.problem, b.created_at ORDER BY b.created_at DESC LIMIT ?",
            (limit,),
        )
        return [(str(a), str(b), float(c), int(d)) for a, b, c, d in rows]

    def problem_of(self, identity: str) -> str | None:
        row = self.database.row("SELECT problem FROM batches WHERE id = ?", (identity,))
        return str(row[0]) if row else None
