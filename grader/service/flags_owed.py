"""The instructor's flags of stored submissions, found after their verdicts: probes run the
program again past the published limits (for N-Queens, n = 10 costs three times all the
tests), and the source checks parse it. Neither changes what the student is told, so a
worker grades whatever is waiting first and finds flags when nothing is (`grader worker`
takes the flags queue after the grading one; the embedded queue the same).

A row here is a submission whose flags are owed. A worker claims it for FLAGS_LEASE_S; one
that died leaves its claim to run out, and the sweeper hands the row to the queue again.
"""

from __future__ import annotations

from typing import Final

from ..storage.database import Database

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS flags_owed (
    submission TEXT PRIMARY KEY,
    owed_since {float} NOT NULL,
    lease_until {float},
    attempts INTEGER NOT NULL DEFAULT 0
)
"""
# Longer than any probe may take (its wall limit, and a build again where the cache lost it).
FLAGS_LEASE_S: Final = 120.0


class FlagsOwed:
    def __init__(self, database: Database) -> None:
        self._database = database
        database.script(SCHEMA)

    def owe(self, identity: str) -> None:
        """Written before the verdict is stored, so a grader dying between the two leaves
        nothing unowed."""
        self._database.execute(
            f"INSERT INTO flags_owed (submission, owed_since) VALUES (?, {self._database.clock}) "
            "ON CONFLICT (submission) DO NOTHING",
            (identity,),
        )

    def claim(self, identity: str) -> int | None:
        """The attempts so far at finding its flags, counting this one; None when nothing is
        owed, another worker holds it, or its verdict is not stored yet."""
        clock = self._database.clock
        claimed = self._database.row(
            f"UPDATE flags_owed SET lease_until = {clock} + ?, attempts = attempts + 1 "
            f"WHERE submission = ? AND (lease_until IS NULL OR lease_until < {clock}) "
            "AND EXISTS (SELECT 1 FROM submissions WHERE id = ? AND status = 'done') "
            "RETURNING attempts",
            (FLAGS_LEASE_S, identity, identity),
        )
        return int(claimed[0]) if claimed else None

    def paid(self, identity: str) -> None:
        self._database.execute("DELETE FROM flags_owed WHERE submission = ?", (identity,))

    def owed(self, identity: str) -> bool:
        found = self._database.row("SELECT 1 FROM flags_owed WHERE submission = ?", (identity,))
        return found is not None

    def all_owed(self) -> set[str]:
        """Every submission owing flags (few: the table drains whenever no grading waits)."""
        return {str(row[0]) for row in self._database.rows("SELECT submission FROM flags_owed")}

    def count(self) -> int:
        row = self._database.row("SELECT COUNT(*) FROM flags_owed")
        return int(row[0]) if row else 0

    def owed_in_batch(self, batch: str) -> int:
        row = self._database.row(
            "SELECT COUNT(*) FROM flags_owed f JOIN batch_members m ON m.submission = "
            "f.submission WHERE m.batch = ?",
            (batch,),
        )
        return int(row[0]) if row else 0

    def lost(self, queue_idle: bool, older_than_s: float) -> list[str]:
        """Owed rows no worker will get to, now owed afresh (to be handed to the queue once
        more): claimed by one that died (its lease ran out) and, when the queue holds nothing
        at all (`queue_idle`), never claimed although owed for over `older_than_s` (their
        job was lost with the queue). Timed by the database's clock."""
        clock = self._database.clock
        lost = f"lease_until < {clock} OR (? AND lease_until IS NULL AND owed_since < {clock} - ?)"
        asked = (queue_idle, older_than_s)
        # Asked every sweep: a write only when something is lost, not a lock every second.
        if not self._database.rows(f"SELECT 1 FROM flags_owed WHERE {lost} LIMIT 1", asked):
            return []
        rows = self._database.rows(
            f"UPDATE flags_owed SET lease_until = NULL, owed_since = {clock} WHERE {lost} "
            "RETURNING submission",
            asked,
        )
        return [str(row[0]) for row in rows]
