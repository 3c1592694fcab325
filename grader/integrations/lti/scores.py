"""Scores to the platform's gradebook with Assignment and Grade Services: an access token
by OAuth 2 client credentials (a JWT assertion signed by the tool's key), then the score
POSTed to the line item's `/scores`. Each score waits in the database's outbox until the
platform took it; one that failed is tried again later, backing off, so neither a platform
that is down nor a restart of the grader loses it."""

from __future__ import annotations

import datetime
import logging
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit, urlunsplit

import httpx
import jwt

from ...results import SubmissionResult
from ...verdicts import Verdict
from .store import Link, LtiStore, Outgoing, Platform

SCORE_TYPE: Final = "application/vnd.ims.lis.v1.score+json"
SCORE_SCOPE: Final = "https://purl.imsglobal.org/spec/lti-ags/scope/score"
ASSERTION_TYPE: Final = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
MAX_RETRY_S: Final = 3600.0
log = logging.getLogger("grader.integrations.lti")


def score_body(link: Link, result: SubmissionResult) -> dict[str, object]:
    """The score, as a student may see its comment: no hidden test's input or answer."""
    comment = f"{result.verdict.value} {result.verdict.description}, score "
    comment += f"{result.score:g}/{result.max_score:g}"
    failing = next((t for t in result.tests if t.verdict is not Verdict.AC), None)
    if failing is not None and not failing.hidden:
        comment += f"; first failing test {failing.name}: {failing.message}"
    now = datetime.datetime.now(datetime.UTC)
    return {
        "userId": link.user_id,
        "scoreGiven": result.score,
        "scoreMaximum": result.max_score,
        "activityProgress": "Completed",
        "gradingProgress": "FullyGraded",
        "timestamp": now.isoformat(timespec="milliseconds"),
        "comment": comment[:1000],
    }


def scores_url(lineitem: str) -> str:
    """`/scores` after the line item's path, its query kept (Canvas puts one there)."""
    parts = urlsplit(lineitem)
    return urlunsplit(parts._replace(path=parts.path.rstrip("/") + "/scores"))


@dataclass
class _Token:
    value: str
    until: float


class ScoreSender:
    """Sends what the outbox holds, every `interval_s`, in a thread of its own."""

    def __init__(self, store: LtiStore, interval_s: float = 1.0, retry_base_s: float = 1.0) -> None:
        self._store = store
        self._interval_s = interval_s
        self._retry_base_s = retry_base_s
        self._http = httpx.Client(timeout=15, follow_redirects=False)
        self._tokens: dict[tuple[str, str], _Token] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="grader-lti-scores", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self._http.close()

    def send_due(self) -> int:
        """Send every score that is due; how many the platforms took."""
        taken = 0
        for outgoing in self._store.due():
            platform = self._store.platform(outgoing.issuer, outgoing.client_id)
            if platform is None:
                self._store.failed(outgoing.id, "the platform is no longer registered", 3600)
                continue
            try:
                self._send(platform, outgoing)
            except (httpx.HTTPError, ValueError, KeyError) as error:
                retry = min(self._retry_base_s * 2**outgoing.attempts, MAX_RETRY_S)
                self._store.failed(outgoing.id, f"{type(error).__name__}: {error}", retry)
                log.warning("score %s not taken (%s); again in %.0f s", outgoing.id, error, retry)
                continue
            self._store.sent(outgoing.id)
            taken += 1
        return taken

    def _loop(self) -> None:
        while not self._stop.wait(self._interval_s):
            try:
                self.send_due()
            except Exception:  # noqa: BLE001 - the database went away for a moment: next turn
                log.exception("sending scores failed")

    def _send(self, platform: Platform, outgoing: Outgoing) -> None:
        answer = self._http.post(
            scores_url(outgoing.lineitem),
            json=outgoing.body,
            headers={
                "Authorization": f"Bearer {self._token(platform)}",
                "Content-Type": SCORE_TYPE,
            },
        )
        if answer.status_code in (401, 403):
            self._tokens.pop((platform.issuer, platform.client_id), None)
        answer.raise_for_status()

    def _token(self, platform: Platform) -> str:
        key = (platform.issuer, platform.client_id)
        cached = self._tokens.get(key)
        if cached is not None and cached.until > time.time():
            return cached.value
        kid, private_pem = self._store.signing_key()
        now = int(time.time())
        assertion = jwt.encode(
            {
                "iss": platform.client_id,
                "sub": platform.client_id,
                "aud": platform.token_url,
                "iat": now,
                "exp": now + 300,
                "jti": uuid.uuid4().hex,
            },
            private_pem,
            algorithm="RS256",
            headers={"kid": kid},
        )
        answer = self._http.post(
            platform.token_url,
            data={
                "grant_type": "client_credentials",
                "client_assertion_type": ASSERTION_TYPE,
                "client_assertion": assertion,
                "scope": SCORE_SCOPE,
            },
        )
        answer.raise_for_status()
        granted = answer.json()
        lifetime = float(granted.get("expires_in", 3600))
        self._tokens[key] = _Token(str(granted["access_token"]), time.time() + lifetime - 30)
        return self._tokens[key].value
