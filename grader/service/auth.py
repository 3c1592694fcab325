"""Who is asking: a token's role and name. Tokens are stored as their SHA-256 only, so a
copy of the database lets nobody in. A student token sees that student's submissions
alone; an instructor token sees the class, hidden inputs, batches, rejudge and metrics. A
token may expire (`--expires`; those an LTI launch makes always do) and may be revoked.

Without any token the service is open: one person on their own machine (it refuses to start
so on anything but a loopback address), who is both the student and the instructor."""

from __future__ import annotations

import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Final

from ..integrations.lti.people import LTI_PREFIX
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

    @property
    def shown(self) -> str:
        """The name a page shows its caller: a launched student's (`lti:HOST/SIS-ID#...`)
        is the SIS id (or platform user id) it was made from."""
        if not self.name.startswith(LTI_PREFIX):
            return self.name
        return self.name.partition("/")[2].rpartition("#")[0] or self.name


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def create_token(store: Store, role: str, name: str, expires_in_s: float | None = None) -> str:
    """A new token for `name` in `role`, valid for `expires_in_s` (None: until revoked);
    shown once, stored hashed. The `lti:` names are the launched students' own: a local
    token's name never begins so (LTI launches make theirs through `launched_token`)."""
    if name.startswith(LTI_PREFIX):
        raise ValueError(f"a token's name may not begin with {LTI_PREFIX!r}: LTI's students' own")
    return _new_token(store, role, name, expires_in_s)


def launched_token(store: Store, student: str, expires_in_s: float) -> str:
    """A student token for someone an LTI platform launched (`lti:...`)."""
    if not student.startswith(LTI_PREFIX):
        raise ValueError("a launched student's name begins with " + LTI_PREFIX)
    return _new_token(store, STUDENT, student, expires_in_s)


def _new_token(store: Store, role: str, name: str, expires_in_s: float | None) -> str:
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}")
    if not name or not name.isprintable() or len(name) > 200:
        raise ValueError("a token's name must be printable, 1 to 200 characters")
    token = f"{role[0]}_{secrets.token_urlsafe(24)}"
    expires_at = None if expires_in_s is None else time.time() + expires_in_s
    store.tokens.add(digest(token), role, name, expires_at)
    return token


def caller_of(store: Store, token: str | None, open_service: bool) -> Caller | None:
    """The caller a token names; the open user when the service is open and no token is
    given; None when the token is unknown, revoked, expired or missing."""
    if token:
        found = store.tokens.find(digest(token), time.time())
        return Caller(*found) if found else None
    return Caller(INSTRUCTOR, OPEN_USER, open=True) if open_service else None
