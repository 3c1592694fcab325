"""The service's tokens, stored as their SHA-256 only (auth.py makes them): a role, a name,
when each was made and when it expires (never: NULL); listed by an id, the digest's first
characters, and revoked by it or by name."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from ..storage.database import TYPES, Database

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,
    role TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at {float} NOT NULL
)
"""
TOKEN_ID: Final = 12  # hex digits of a token's digest that name it in a list


@dataclass(frozen=True, slots=True)
class Token:
    """A token as `grader web token list` shows it: never the token itself."""

    id: str  # the first characters of its digest
    role: str
    name: str
    created_at: float
    expires_at: float | None


class Tokens:
    def __init__(self, database: Database) -> None:
        self.database = database
        database.script(SCHEMA)
        # A database of an earlier version had no expiry.
        database.add_column("tokens", "expires_at", "{float}".format(**TYPES[database.dialect]))

    def add(self, digest: str, role: str, name: str, expires_at: float | None) -> None:
        self.database.execute(
            "INSERT INTO tokens (digest, role, name, created_at, expires_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (digest, role, name, time.time(), expires_at),
        )

    def find(self, digest: str, now: float) -> tuple[str, str] | None:
        """(role, name) of a token that has not expired."""
        row = self.database.row(
            "SELECT role, name FROM tokens WHERE digest = ? "
            "AND (expires_at IS NULL OR expires_at > ?)",
            (digest, now),
        )
        return (str(row[0]), str(row[1])) if row else None

    def listed(self) -> list[Token]:
        rows = self.database.rows(
            "SELECT digest, role, name, created_at, expires_at FROM tokens ORDER BY created_at"
        )
        return [Token(str(a)[:TOKEN_ID], str(b), str(c), float(d), e) for a, b, c, d, e in rows]

    def revoke(self, token_id: str = "", name: str = "") -> int:
        """Remove the tokens whose id (their digest's first characters, as `listed` lists
        them) is `token_id`, or every token of `name`; how many."""
        if token_id:
            if len(token_id) < TOKEN_ID:
                return 0
            return self.database.execute(
                "DELETE FROM tokens WHERE digest LIKE ?", (token_id.lower() + "%",)
            )
        return self.database.execute("DELETE FROM tokens WHERE name = ?", (name,))

    def forget(self, digest: str) -> None:
        """Remove the one token whose digest is `digest` (a signed-out launch's)."""
        self.database.execute("DELETE FROM tokens WHERE digest = ?", (digest,))

    def any_valid(self) -> bool:
        """Whether any token can still sign in (one expired or revoked does not)."""
        return (
            self.database.row(
                "SELECT 1 FROM tokens WHERE expires_at IS NULL OR expires_at > ? LIMIT 1",
                (time.time(),),
            )
            is not None
        )
