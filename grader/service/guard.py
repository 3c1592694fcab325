"""What every request meets before any route: the Host it names must be one this service
answers to (DNS rebinding: another site's name pointed at 127.0.0.1 reaches a loopback
service with its own origin), a request that changes something must come from this
service's own pages or from no page at all (another site's form or `fetch`, login CSRF), and
every answer carries the headers a browser needs to keep another site's page out (its CSP,
framing, sniffing, referrer).

LTI's login and launch are the exception to the origin rule: the platform's page posts them
by design, and they are bound to the browser that began them instead (state cookie, nonce)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .problem_json import problem

LOOPBACK_NAMES: Final = ("127.0.0.1", "localhost", "::1")
SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
# Posted by the platform's page, never by ours: checked by their state cookie and nonce.
CROSS_SITE_ROUTES: Final = ("/lti/login", "/lti/launch")
# No script but the service's own files, no frame around a page but the LTI platforms'.
CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors {ancestors}"
)
HEADERS: Final = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def host_of(header: str) -> str:
    """`example.edu` of `example.edu:8000`, `::1` of `[::1]:8000`, lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class Guard:
    """The ASGI middleware. `allowed_hosts`: names (and addresses) the Host header may
    carry; `frame_ancestors()`: the origins that may frame the LTI pages (the registered
    platforms'), asked per request since a platform may be added while the service runs."""

    def __init__(
        self,
        app: ASGIApp,
        allowed_hosts: Iterable[str],
        frame_ancestors: Callable[[], Iterable[str]],
    ) -> None:
        self._app = app
        self._hosts = frozenset(host_of(name) for name in (*LOOPBACK_NAMES, *allowed_hosts))
        self._frame_ancestors = frame_ancestors

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = host_of(headers.get("host", ""))
        if host not in self._hosts:
            await _refuse(
                scope,
                receive,
                send,
                400,
                f"this service does not answer to the host name {host or '(none)'!r}; its "
                "operator can add it with --allowed-host",
            )
            return
        path: str = scope["path"]
        if scope["method"] not in SAFE_METHODS and path not in CROSS_SITE_ROUTES:
            foreign = _foreign(headers)
            if foreign:
                await _refuse(scope, receive, send, 403, foreign)
                return
        ancestors = "'none'"
        if path.startswith("/lti/"):
            ancestors = " ".join(sorted(set(self._frame_ancestors()))) or "'none'"

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                answer = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    answer.setdefault(name, value)
                # A route with a policy of its own (the class report, a deep link's way back)
                # keeps it.
                answer.setdefault("Content-Security-Policy", CSP.format(ancestors=ancestors))
                if ancestors == "'none'":
                    answer.setdefault("X-Frame-Options", "DENY")
            await send(message)

        await self._app(scope, receive, with_headers)


def _foreign(headers: Headers) -> str:
    """Why a request that changes something is refused as another site's, or "".
    Sec-Fetch-Site is what the browser itself says; where it is absent (older browsers)
    Origin is compared with the Host. A request with neither is no browser's page (curl, a
    platform's server, CodeRunner) and is left to the token it carries."""
    site = headers.get("sec-fetch-site")
    if site is not None:
        if site in ("same-origin", "none"):
            return ""
        return f"a request from another site ({site}) may not change anything here"
    origin = headers.get("origin")
    if origin is None:
        return ""
    if origin != "null" and "//" in origin:
        netloc = origin.split("//", 1)[1].rstrip("/").lower()
        if netloc == headers.get("host", "").strip().lower() or _same_default_port(
            origin, headers.get("host", "")
        ):
            return ""
    return f"a request from another origin ({origin}) may not change anything here"


def _same_default_port(origin: str, host: str) -> bool:
    """`https://grader.example.edu` against `grader.example.edu:443`, and the like."""
    scheme, _, netloc = origin.lower().partition("://")
    default = {"https": "443", "http": "80"}.get(scheme)
    return default is not None and f"{netloc}:{default}" == host.strip().lower()


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, detail: str) -> None:
    await problem(status, detail)(scope, receive, send)
