"""The HTTP application: `create_app(service)`. Every error is `application/problem+json`
(RFC 9457) with a `detail` a person can act on; nothing of a traceback reaches a client.

Requests are as hostile as submissions: bodies are capped while they arrive (413), a student
sees only their own submissions (another's is 404, as if it did not exist), a hidden test's
input never leaves the server but in an instructor's view, and a request authenticated by the
page's cookie must also carry the `X-Grader` header, which no other site's page can send."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..__version__ import __version__
from ..errors import DatabaseUnavailable
from .guard import Guard
from .jobe_routes import PREFIX as JOBE
from .problem_json import problem
from .service import Service

log = logging.getLogger("grader.service")


def create_app(service: Service) -> FastAPI:
    from . import api, classwork, events, jobe_routes, lti_routes, page, run_routes

    app = FastAPI(
        title="grader",
        version=__version__,
        description="Grade programming exercises: submit, watch each test, read the verdict.",
        docs_url=None,  # its page loads scripts from a CDN: not on a closed network
        redoc_url=None,
        openapi_url="/v1/openapi.json",
    )
    app.state.service = service
    app.state.streams = Counter()  # each caller's open event streams (events.MAX_STREAMS)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        return problem(error.status_code, str(error.detail), dict(error.headers or {}))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        said = "; ".join(
            f"{'.'.join(str(part) for part in item['loc'][1:]) or 'body'}: {item['msg']}"
            for item in error.errors()
        )
        return problem(422, said or "the request is not valid")

    @app.exception_handler(DatabaseUnavailable)
    async def unreachable(request: Request, error: DatabaseUnavailable) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, error)
        return problem(
            503,
            "the grader cannot reach its database just now; nothing you handed in is "
            "lost: try again shortly",
            {"Retry-After": "5"},
        )

    @app.exception_handler(Exception)
    async def crashed(request: Request, error: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return problem(500, "the grader failed on this request; it has been logged")

    app.include_router(api.router)
    app.include_router(run_routes.router)
    app.include_router(events.router)
    app.include_router(classwork.router)
    app.include_router(page.router)
    app.include_router(jobe_routes.router)
    app.include_router(lti_routes.router)
    page.mount_static(app)
    # A batch's zip, and a Jobe run's stdin and support files (Moodle sends several MB).
    larger = {path: service.options.max_batch_bytes for path in ("/v1/batches", JOBE)}
    timeout_s = service.options.body_timeout_s
    app.add_middleware(BodyLimit, 2**20, larger, timeout_s, said_as_text=(JOBE,))
    # Outermost: a request for another host name or from another site meets nothing else.
    app.add_middleware(
        Guard,
        allowed_hosts=service.options.allowed_hosts,
        frame_ancestors=service.lti.platform_origins,
    )
    return app


class BodyLimit:
    """Refuses a request body over its path's cap (413) as it arrives, before any handler
    reads it: a Content-Length over the cap is refused at once, a body streamed without one
    when its bytes pass the cap; and one that has not arrived within `timeout_s` (408)."""

    def __init__(
        self,
        app: ASGIApp,
        default: int,
        larger: dict[str, int],
        timeout_s: float,
        said_as_text: tuple[str, ...] = (),
    ) -> None:
        """`said_as_text`: paths whose refusals are a JSON string, as Jobe's are."""
        self._app = app
        self._default = default
        self._larger = larger
        self._timeout_s = timeout_s
        self._said_as_text = said_as_text

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, detail: str
    ) -> None:
        as_text = str(scope["path"]).startswith(self._said_as_text) if self._said_as_text else False
        await _refuse(scope, receive, send, status, detail, as_text)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        cap = next(
            (size for path, size in self._larger.items() if scope["path"].startswith(path)),
            self._default,
        )
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > cap:
            await self._refuse(
                scope, receive, send, 413, f"the request body is larger than {cap // 1024} KiB"
            )
            return
        seen = 0
        arriving = True

        async def counted() -> Message:
            nonlocal seen, arriving
            if not arriving:  # the body is in: what is awaited now is a disconnect
                return await receive()
            try:
                # A client that trickles its body holds a connection and a worker's memory.
                message = await asyncio.wait_for(receive(), self._timeout_s)
            except TimeoutError:
                raise _TooSlow from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > cap:
                    raise _TooLarge(cap)
                arriving = bool(message.get("more_body"))
            return message

        try:
            await self._app(scope, counted, send)
        except _TooLarge:
            await self._refuse(
                scope, receive, send, 413, f"the request body is larger than {cap // 1024} KiB"
            )
        except _TooSlow:
            await self._refuse(
                scope,
                receive,
                send,
                408,
                f"the request body did not arrive within {self._timeout_s:g} s",
            )


class _TooLarge(Exception):
    pass


class _TooSlow(Exception):
    pass


def _too_large(cap: int) -> str:
    return f"the request body is larger than {cap // 1024} KiB"


async def _refuse(
    scope: Scope, receive: Receive, send: Send, status: int, detail: str, as_text: bool
) -> None:
    answer = JSONResponse(detail, status_code=status) if as_text else problem(status, detail)
    await answer(scope, receive, send)
