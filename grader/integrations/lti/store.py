"""LTI's rows, beside the service's in the same database (SQLite or PostgreSQL), so that a
restart (or another web process) loses no launch state and no score."""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from ...storage.database import Database

SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS lti_platforms (
    issuer TEXT NOT NULL,
    client_id TEXT NOT NULL,
    auth_url TEXT NOT NULL,
    token_url TEXT NOT NULL,
    jwks_url TEXT NOT NULL,
    deployments TEXT NOT NULL,
    PRIMARY KEY (issuer, client_id)
);
CREATE TABLE IF NOT EXISTS lti_keys (
    kid TEXT PRIMARY KEY,
    private_pem TEXT NOT NULL,
    created_at {float} NOT NULL
);
CREATE TABLE IF NOT EXISTS lti_states (
    state TEXT PRIMARY KEY,
    nonce TEXT NOT NULL,
    issuer TEXT NOT NULL,
    client_id TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at {float} NOT NULL
);
CREATE TABLE IF NOT EXISTS lti_nonces (
    nonce TEXT PRIMARY KEY,
    used_at {float} NOT NULL
);
CREATE TABLE IF NOT EXISTS lti_links (
    student TEXT NOT NULL,
    problem TEXT NOT NULL,
    issuer TEXT NOT NULL,
    client_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    lineitem TEXT NOT NULL,
    PRIMARY KEY (student, problem)
);
CREATE TABLE IF NOT EXISTS lti_outbox (
    id TEXT PRIMARY KEY,
    issuer TEXT NOT NULL,
    client_id TEXT NOT NULL,
    lineitem TEXT NOT NULL,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_at {float} NOT NULL,
    sent_at {float},
    last_error TEXT
)
"""


def origin_of(url: str) -> str:
    """`https://canvas.example.edu` of any URL there; "" for one that is not http(s)."""
    parts = urlsplit(str(url))
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2].lower()}"


STATE_TTL_S: Final = 600.0  # a login that was not completed within this is refused
# A used nonce is remembered this long: far past any id_token's `exp`, after which a replay
# is refused as expired anyway.
NONCE_TTL_S: Final = 2 * 86400.0


@dataclass(frozen=True, slots=True)
class Platform:
    issuer: str
    client_id: str
    auth_url: str  # OIDC authorization (login) endpoint
    token_url: str  # OAuth 2 token endpoint, for Assignment and Grade Services
    jwks_url: str
    deployments: tuple[str, ...]  # empty: any deployment of this client


@dataclass(frozen=True, slots=True)
class State:
    nonce: str
    issuer: str
    client_id: str
    data: dict[str, object]


@dataclass(frozen=True, slots=True)
class Link:
    issuer: str
    client_id: str
    user_id: str
    lineitem: str


@dataclass(frozen=True, slots=True)
class Outgoing:
    id: str
    issuer: str
    client_id: str
    lineitem: str
    body: dict[str, object]
    attempts: int


class LtiStore:
    def __init__(self, database: Database) -> None:
        self.database = database
        database.script(SCHEMA)

    # -- platforms ---------------------------------------------------------------------------

    def add_platform(self, platform: Platform) -> None:
        self.database.execute(
            "INSERT INTO lti_platforms (issuer, client_id, auth_url, token_url, jwks_url, "
            "deployments) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (issuer, client_id) DO UPDATE "
            "SET auth_url = excluded.auth_url, token_url = excluded.token_url, "
            "jwks_url = excluded.jwks_url, deployments = excluded.deployments",
            (
                platform.issuer,
                platform.client_id,
                platform.auth_url,
                platform.token_url,
                platform.jwks_url,
                json.dumps(list(platform.deployments)),
            ),
        )

    def platforms(self, issuer: str) -> list[Platform]:
        rows = self.database.rows(
            "SELECT issuer, client_id, auth_url, token_url, jwks_url, deployments "
            "FROM lti_platforms WHERE issuer = ? ORDER BY client_id",
            (issuer,),
        )
        return [
            Platform(row[0], row[1], row[2], row[3], row[4], tuple(json.loads(row[5])))
            for row in rows
        ]

    def platform_origins(self) -> list[str]:
        """The origins (scheme://host[:port]) of every registered platform's issuer and
        login page: those that may frame the LTI pages."""
        rows = self.database.rows("SELECT issuer, auth_url FROM lti_platforms")
        return sorted({origin_of(url) for row in rows for url in row if origin_of(url)})

    def platform(self, issuer: str, client_id: str) -> Platform | None:
        found = [p for p in self.platforms(issuer) if p.client_id == client_id]
        return found[0] if found else None

    # -- launches: a state and its nonce, each good once -------------------------------------

    def new_state(
        self, platform: Platform, data: dict[str, object] | None = None
    ) -> tuple[str, State]:
        """A fresh state, and the nonce and `data` it stands for, for one login."""
        state, nonce = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        # Logins nobody completed go, so that a flood of them cannot fill the database.
        self.database.execute(
            "DELETE FROM lti_states WHERE created_at < ?", (time.time() - STATE_TTL_S,)
        )
        self.database.execute(
            "INSERT INTO lti_states (state, nonce, issuer, client_id, data, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                state,
                nonce,
                platform.issuer,
                platform.client_id,
                json.dumps(data or {}),
                time.time(),
            ),
        )
        return state, State(nonce, platform.issuer, platform.client_id, data or {})

    def take_state(self, state: str) -> State | None:
        """The state's login, removed: a second use of it finds nothing."""
        row = self.database.row(
            "SELECT nonce, issuer, client_id, data, created_at FROM lti_states WHERE state = ?",
            (state,),
        )
        if row is None or not self.database.execute(
            "DELETE FROM lti_states WHERE state = ?", (state,)
        ):
            return None  # unknown, or another request took it first
        if time.time() - float(row[4]) > STATE_TTL_S:
            return None
        return State(str(row[0]), str(row[1]), str(row[2]), json.loads(row[3]))

    def use_nonce(self, nonce: str) -> bool:
        """True the first time a nonce is seen, False ever after (for NONCE_TTL_S)."""
        self.database.execute(
            "DELETE FROM lti_nonces WHERE used_at < ?", (time.time() - NONCE_TTL_S,)
        )
        return bool(
            self.database.execute(
                "INSERT INTO lti_nonces (nonce, used_at) VALUES (?, ?) "
                "ON CONFLICT (nonce) DO NOTHING",
                (nonce, time.time()),
            )
        )

    # -- the tool's key ----------------------------------------------------------------------

    def signing_key(self) -> tuple[str, str]:
        """(kid, private key PEM), made the first time it is asked for."""
        row = self.database.row("SELECT kid, private_pem FROM lti_keys ORDER BY created_at")
        if row is not None:
            return str(row[0]), str(row[1])
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import rsa

        key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        ).decode()
        kid = secrets.token_hex(8)
        self.database.execute(
            "INSERT INTO lti_keys (kid, private_pem, created_at) VALUES (?, ?, ?) "
            "ON CONFLICT (kid) DO NOTHING",
            (kid, pem, time.time()),
        )
        return self.signing_key()  # two processes at once: both use the first one stored

    # -- who came from which line item, and the scores to send -------------------------------

    def link(self, student: str, problem: str, link: Link) -> None:
        self.database.execute(
            "INSERT INTO lti_links (student, problem, issuer, client_id, user_id, lineitem) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (student, problem) DO UPDATE SET "
            "issuer = excluded.issuer, client_id = excluded.client_id, "
            "user_id = excluded.user_id, lineitem = excluded.lineitem",
            (student, problem, link.issuer, link.client_id, link.user_id, link.lineitem),
        )

    def linked(self, student: str, problem: str) -> Link | None:
        row = self.database.row(
            "SELECT issuer, client_id, user_id, lineitem FROM lti_links "
            "WHERE student = ? AND problem = ?",
            (student, problem),
        )
        return Link(*row) if row else None

    def queue_score(self, identity: str, link: Link, body: dict[str, object]) -> None:
        """A score to send (again, if this submission's was already queued or sent)."""
        self.database.execute(
            "INSERT INTO lti_outbox (id, issuer, client_id, lineitem, body, attempts, next_at) "
            "VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body, "
            "attempts = 0, next_at = excluded.next_at, sent_at = NULL, last_error = NULL",
            (identity, link.issuer, link.client_id, link.lineitem, json.dumps(body), time.time()),
        )

    def due(self, limit: int = 50) -> list[Outgoing]:
        rows = self.database.rows(
            "SELECT id, issuer, client_id, lineitem, body, attempts FROM lti_outbox "
            "WHERE sent_at IS NULL AND next_at <= ? ORDER BY next_at LIMIT ?",
            (time.time(), limit),
        )
        return [Outgoing(r[0], r[1], r[2], r[3], json.loads(r[4]), int(r[5])) for r in rows]

    def sent(self, identity: str) -> None:
        self.database.execute(
            "UPDATE lti_outbox SET sent_at = ?, last_error = NULL WHERE id = ?",
            (time.time(), identity),
        )

    def failed(self, identity: str, error: str, retry_in_s: float) -> None:
        self.database.execute(
            "UPDATE lti_outbox SET attempts = attempts + 1, next_at = ?, last_error = ? "
            "WHERE id = ?",
            (time.time() + retry_in_s, error[:500], identity),
        )

    def outbox(self) -> list[tuple[str, int, bool, str | None]]:
        """(id, attempts, sent, last error) of every score, for instructors and tests."""
        rows = self.database.rows(
            "SELECT id, attempts, sent_at, last_error FROM lti_outbox ORDER BY id"
        )
        return [(str(r[0]), int(r[1]), r[2] is not None, r[3]) for r in rows]
