"""What a validated launch says, read from its claims: the problem its link opens, how an
instructor knows the student, whether the launcher teaches the course, and where the
student's score goes back."""

from __future__ import annotations

from typing import Final
from urllib.parse import urlsplit

from ..addresses import is_loopback
from .launch import AGS_ENDPOINT, CLAIM
from .scores import SCORE_SCOPE
from .store import Link

TEACHING_ROLES: Final = frozenset({"Instructor", "Administrator", "ContentDeveloper"})


def problem_of(claims: dict[str, object]) -> str:
    """The problem the link opens: its custom `problem`, else the last part of its target."""
    custom = claims.get(CLAIM + "custom")
    if isinstance(custom, dict) and custom.get("problem"):
        return str(custom["problem"])
    target = str(claims.get(CLAIM + "target_link_uri") or "")
    path = urlsplit(target).path.rstrip("/")
    return path.rsplit("/", 1)[-1] if "/problems/" in path else ""


def shown_of(claims: dict[str, object]) -> str:
    """How an instructor knows the student: the institution's id where the platform sends
    it, else its user id. Only shown: who the student is, is the platform's (iss, aud,
    deployment, sub)."""
    lis = claims.get(CLAIM + "lis")
    if isinstance(lis, dict) and lis.get("person_sourcedid"):
        return str(lis["person_sourcedid"])
    return str(claims["sub"])


def teaches(claims: dict[str, object]) -> bool:
    """An instructor, an administrator or a content developer of the context (LIS roles)."""
    roles = claims.get(CLAIM + "roles")
    return isinstance(roles, list) and any(
        str(role).rpartition("#")[2] in TEACHING_ROLES for role in roles
    )


def score_link(claims: dict[str, object], issuer: str, client_id: str) -> Link | None:
    """Where the student's score goes (Assignment and Grade Services), where the platform
    gave a line item and allows scores to be sent."""
    endpoint = claims.get(AGS_ENDPOINT)
    if not isinstance(endpoint, dict) or not endpoint.get("lineitem"):
        return None
    if SCORE_SCOPE not in (endpoint.get("scope") or []):
        return None
    return Link(issuer, client_id, str(claims["sub"]), str(endpoint["lineitem"]))


def return_url_allowed(url: str) -> bool:
    """https, or http to this machine only: never javascript:, data: or another scheme that
    would run in the grader's origin when the page posts to it."""
    parts = urlsplit(url)
    if parts.scheme == "https" and parts.hostname:
        return True
    return parts.scheme == "http" and is_loopback(parts.hostname or "")
