"""Who is asking: a token's role and name. Tokens are stored as their SHA-256 only, so a
copy of the database lets nobody in. A student token sees that student's submissions
alone; an instructor token sees the class, hidden inputs, batches, rejudge and metrics.

Without any token the service is open: one person on their own machine (it refuses to start
so on anything but a loopback address), who is both the student and the instructor."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Final

from .store import Store

STUDENT, INSTRUCTOR = "student", "instructor"
ROLES: Final = (STUDENT, INSTRUCTOR)
OPEN_USER: Final = "you"  # the student of an open service, unless a request names another


@dataclass(frozen=True, slots=True)
class Caller:
    role: str
    name: str
    open: bool = False  # no token needed: the one user of a loopback service

    @property
    def instructor(self) -> bool:
        return self.role == INSTRUCTOR


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def create_token(store: Store, role: str, name: str) -> str:
    """A new token for `name` in `role`; shown once, stored hashed."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}")
    token = f"{role[0]}_{secrets.token_urlsafe(24)}"
    store.add_token(digest(token), role, name)
    return token


def caller_of(store: Store, token: str | None, open_service: bool) -> Caller | None:
    """The caller a token names; the open user when the service is open and no token is
    given; None when the token is unknown or missing."""
    if token:
        found = store.token(digest(token))
        return Caller(*found) if found else None
    return Caller(INSTRUCTOR, OPEN_USER, open=True) if open_service else None
