"""Who a request is from, as route dependencies: `Who` (any token, or the open user) and
`Instructor`. A token comes as `Authorization: Bearer` or as the page's cookie; a request
carried by the cookie alone may read, but changes nothing without the `X-Grader` header,
which another site's page cannot send (no CORS is allowed)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, HTTPException, Request

from .auth import Caller, caller_of
from .service import Service

COOKIE = "grader_token"


def service_of(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


def caller(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
    x_grader: Annotated[str | None, Header()] = None,
) -> Caller:
    """The token's caller (Authorization: Bearer, or the page's cookie), 401 without one.
    A cookie alone cannot change anything: another site's page could send it."""
    service = service_of(request)
    token = None
    if authorization and authorization.lower().startswith("bearer "):
        token = authorization[7:].strip()
    elif request.cookies.get(COOKIE):
        token = request.cookies[COOKIE]
        if request.method not in ("GET", "HEAD") and x_grader != "1":
            raise HTTPException(403, "a request from the page must carry the X-Grader header")
    found = caller_of(service.store, token, service.options.open)
    if found is None:
        raise HTTPException(
            401,
            "a valid token is needed: `Authorization: Bearer TOKEN` (ask your instructor for one)",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return found


def caller_of_request(request: Request) -> Caller:
    """`caller` for a route that reads the request itself (the page's routes)."""
    return caller(request, request.headers.get("authorization"), request.headers.get("x-grader"))


def secure_cookies(request: Request) -> bool:
    """Whether a cookie set on this answer is Secure: the request came over https (as the
    forwarded scheme of a trusted proxy says, uvicorn's --forwarded-allow-ips) or the
    operator said the service is behind https."""
    return request.url.scheme == "https" or service_of(request).options.behind_https


def instructor(who: Annotated[Caller, Depends(caller)]) -> Caller:
    if not who.instructor:
        raise HTTPException(403, "only an instructor's token may do this")
    return who


Who = Annotated[Caller, Depends(caller)]
Instructor = Annotated[Caller, Depends(instructor)]
