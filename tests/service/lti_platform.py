"""A learning platform on 127.0.0.1 for LTI 1.3 tests: its own RSA key and JWKS, the id_tokens
its authorization endpoint would post to the tool, an OAuth 2 token endpoint that checks the
tool's signed client assertion, and a line item whose `/scores` records what arrives (and
fails the first `failures` POSTs with 500)."""

from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa

CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"
SCORE_SCOPE = "https://purl.imsglobal.org/spec/lti-ags/scope/score"


INSTRUCTOR_ROLE = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"
LEARNER_ROLE = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner"


class FakePlatform:
    client_id = "grader-tool"
    deployment = "deployment-1"
    kid = "platform-key-1"

    def __init__(
        self, tool_jwks: dict[str, object] | None, failures: int = 0, host: str = "127.0.0.1"
    ) -> None:
        """`tool_jwks`: the tool's keys, which its token endpoint checks (None: a site of
        pages only, such as an attacker's)."""
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.sub = "student-42"
        self.extra_claims: dict[str, object] = {}  # what /auth adds to each id_token
        self.pages: dict[str, str] = {}  # path -> HTML, served as the platform's own pages
        self.tool_keys = jwt.PyJWKSet.from_dict(tool_jwks) if tool_jwks else None
        self.failures_left = failures
        self.scores: list[tuple[str, dict[str, object]]] = []
        self.refused: list[int] = []
        self.tokens: set[str] = set()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer((host, 0), self._handler())
        self.url = f"http://{host}:{self._server.server_address[1]}"
        self.issuer = self.url
        self.lineitem = f"{self.url}/lineitems/7?type=grader"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def register(self, database: object) -> None:
        """This platform, registered with the tool whose database is given."""
        from grader.integrations.lti.store import LtiStore, Platform

        LtiStore(database).add_platform(  # type: ignore[arg-type]
            Platform(
                self.issuer,
                self.client_id,
                f"{self.url}/auth",
                f"{self.url}/token",
                f"{self.url}/jwks",
                (self.deployment,),
            )
        )

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def jwks(self) -> dict[str, object]:
        public = jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key(), as_dict=True)
        return {"keys": [public | {"kid": self.kid, "alg": "RS256", "use": "sig"}]}

    def claims(self, nonce: str, problem: str = "nqueens", **changes: object) -> dict[str, object]:
        now = int(time.time())
        claims: dict[str, object] = {
            "iss": self.issuer,
            "aud": self.client_id,
            "sub": self.sub,
            "iat": now,
            "exp": now + 300,
            "nonce": nonce,
            CLAIM + "message_type": "LtiResourceLinkRequest",
            CLAIM + "version": "1.3.0",
            CLAIM + "deployment_id": self.deployment,
            CLAIM + "target_link_uri": "http://testserver/lti/launch",
            CLAIM + "resource_link": {"id": "link-1"},
            CLAIM + "custom": {"problem": problem},
            "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint": {
                "scope": [SCORE_SCOPE],
                "lineitem": self.lineitem,
            },
        }
        return claims | changes

    def authorized(self, query: dict[str, list[str]]) -> str:
        """The authorization endpoint's answer to a browser the tool sent here: a page that
        posts a signed launch for this login to the tool's redirect URI at once."""
        claims = self.claims(query["nonce"][0]) | self.extra_claims
        return posting_page(
            query["redirect_uri"][0],
            {"id_token": self.id_token(claims), "state": query["state"][0]},
        )

    def id_token(self, claims: dict[str, object], key: object = None) -> str:
        return jwt.encode(claims, key or self.key, algorithm="RS256", headers={"kid": self.kid})

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        platform = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def _answer(self, status: int, document: object = None) -> None:
                body = json.dumps(document).encode() if document is not None else b""
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _page(self, html: str) -> None:
                body = html.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                path, _, query = self.path.partition("?")
                if path == "/jwks":
                    self._answer(200, platform.jwks())
                elif path == "/auth":  # the browser's way back to the tool, signed
                    self._page(platform.authorized(parse_qs(query)))
                elif path in platform.pages:
                    self._page(platform.pages[path])
                else:
                    self._answer(404, {"error": "not found"})

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                if self.path == "/token":
                    self._answer(*platform._grant(parse_qs(body.decode())))
                elif self.path.startswith("/lineitems/7/scores?type=grader"):
                    self._answer(platform._score(self.headers, body))
                else:
                    self._answer(404, {"error": "not found"})

        return Handler

    def _grant(self, form: dict[str, list[str]]) -> tuple[int, object]:
        """Client credentials with a JWT assertion signed by one of the tool's keys."""
        try:
            assertion = form["client_assertion"][0]
            kid = jwt.get_unverified_header(assertion)["kid"]
            claims = jwt.decode(
                assertion,
                self.tool_keys[kid].key,
                algorithms=["RS256"],  # type: ignore[index]
                audience=f"{self.url}/token",
                issuer=self.client_id,
            )
            assert claims["sub"] == self.client_id
            assert form["grant_type"] == ["client_credentials"]
            assert form["scope"] == [SCORE_SCOPE]
        except (KeyError, AssertionError, jwt.InvalidTokenError) as error:
            return 400, {"error": "invalid_client", "detail": str(error)}
        token = uuid.uuid4().hex
        with self._lock:
            self.tokens.add(token)
        return 200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600}

    def _score(self, headers: object, body: bytes) -> int:
        authorization = str(headers.get("Authorization", ""))  # type: ignore[attr-defined]
        with self._lock:
            if authorization.removeprefix("Bearer ") not in self.tokens:
                self.refused.append(401)
                return 401
            if self.failures_left > 0:
                self.failures_left -= 1
                self.refused.append(500)
                return 500
            kind = str(headers.get("Content-Type", ""))  # type: ignore[attr-defined]
            self.scores.append((kind, json.loads(body)))
        return 200


def posting_page(action: str, fields: dict[str, str], enctype: str = "") -> str:
    """A page that posts `fields` to `action` as soon as it loads (a platform's launch, or an
    attacker's forged form)."""
    from html import escape

    inputs = "".join(
        f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'
        for name, value in fields.items()
    )
    kind = f' enctype="{escape(enctype)}"' if enctype else ""
    return (
        f'<!doctype html><form id="f" method="post" action="{escape(action)}"{kind}>{inputs}'
        "</form><script>document.getElementById('f').submit()</script>"
    )
