"""Who a launch is from: a person of one platform, (issuer, client, deployment, user id),
named in the service's rows in a namespace of their own (`lti:`), so that platform A's user
42, platform B's user 42 and a local student `42` are three people; and the migration of a
database whose launched students were named by their SIS id or user id alone."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from ...storage.database import Database
from ...text import printable

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS lti_people (
    student TEXT PRIMARY KEY,
    issuer TEXT NOT NULL,
    client_id TEXT NOT NULL,
    deployment TEXT NOT NULL,
    sub TEXT NOT NULL,
    shown TEXT NOT NULL,
    UNIQUE (issuer, client_id, deployment, sub)
)
"""
LTI_PREFIX: Final = "lti:"
UNKNOWN_DEPLOYMENT: Final = "?"  # a person kept from a database that did not record it


@dataclass(frozen=True, slots=True)
class Person:
    """Someone a platform launched: who they are is the platform's (issuer, client,
    deployment) and its user id there; `shown` is how an instructor knows them (the SIS id
    where the platform sends one)."""

    issuer: str
    client_id: str
    deployment: str
    sub: str
    shown: str

    @property
    def student(self) -> str:
        """Their name in the service's rows: in a namespace of its own (`lti:`, which no
        local token's name may begin with), so that platform A's user 42, platform B's user
        42 and a local student `42` are three people."""
        digest = hashlib.sha256(
            "\0".join((self.issuer, self.client_id, self.deployment, self.sub)).encode()
        ).hexdigest()[:12]
        host = urlsplit(self.issuer).hostname or "platform"
        shown = printable(self.shown, one_line=True)[:60]
        return f"{LTI_PREFIX}{host}/{shown}#{digest}"


class People:
    """The `lti_people` rows, beside LtiStore's (whose `lti_links` the migration reads)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        database.script(SCHEMA)
        self._migrate_people()

    def identity(self, person: Person) -> str:
        """The service's name of the student a launch is from, made the first time. A person
        kept by the migration below, whose deployment was not recorded, is claimed by the
        first launch of the same platform user."""
        key = (person.issuer, person.client_id, person.deployment, person.sub)
        with self.database.exclusive(f"lti-person:{person.issuer}"):
            found = self.database.row(
                "SELECT student FROM lti_people WHERE issuer = ? AND client_id = ? "
                "AND deployment = ? AND sub = ?",
                key,
            )
            if found is not None:
                return str(found[0])
            kept = self.database.row(
                "SELECT student FROM lti_people WHERE issuer = ? AND client_id = ? "
                "AND deployment = ? AND sub = ?",
                (person.issuer, person.client_id, UNKNOWN_DEPLOYMENT, person.sub),
            )
            if kept is not None:
                self.database.execute(
                    "UPDATE lti_people SET deployment = ? WHERE student = ?",
                    (person.deployment, kept[0]),
                )
                return str(kept[0])
            self.database.execute(
                "INSERT INTO lti_people (student, issuer, client_id, deployment, sub, shown) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (person.student, *key, person.shown),
            )
            return person.student

    def shown_names(self) -> dict[str, str]:
        """Each launched student's name in the rows -> how an instructor knows them."""
        rows = self.database.rows("SELECT student, shown, issuer FROM lti_people")
        return {
            str(student): f"{shown} ({urlsplit(str(issuer)).hostname or issuer})"
            for student, shown, issuer in rows
        }

    def _migrate_people(self) -> None:
        """A database of an earlier version named a launched student by their SIS id or
        platform user id alone, the platform left out. Each such link becomes a person of its
        own platform, and that student's rows of the linked problem follow them; their local
        rows stay where they are. Done once: afterwards no link names a student outside the
        namespace."""
        if "student" not in self.database.columns("lti_links"):
            return  # no launch was ever stored here
        legacy = self.database.rows(
            "SELECT student, problem, issuer, client_id, user_id FROM lti_links "
            "WHERE student NOT LIKE ?",
            (LTI_PREFIX + "%",),
        )
        for old, problem, issuer, client_id, user_id in legacy:
            person = Person(issuer, client_id, UNKNOWN_DEPLOYMENT, user_id, str(old))
            self.database.execute(
                "INSERT INTO lti_people (student, issuer, client_id, deployment, sub, shown) "
                "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (person.student, issuer, client_id, UNKNOWN_DEPLOYMENT, user_id, str(old)),
            )
            for table in ("submissions", "results"):
                if "student" in self.database.columns(table):
                    self.database.execute(
                        f"UPDATE {table} SET student = ? WHERE student = ? AND problem = ?",
                        (person.student, old, problem),
                    )
            self.database.execute(
                "UPDATE lti_links SET student = ? WHERE student = ? AND problem = ?",
                (person.student, old, problem),
            )
