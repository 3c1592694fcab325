"""Every error the service answers is `application/problem+json` (RFC 9457), with a `detail`
a person can act on."""

from __future__ import annotations

from http import HTTPStatus
from typing import Final

from fastapi.responses import JSONResponse

PROBLEM_JSON: Final = "application/problem+json"


def problem(status: int, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    title = HTTPStatus(status).phrase if status in HTTPStatus._value2member_map_ else "Error"
    document = {"type": "about:blank", "title": title, "status": status, "detail": detail}
    return JSONResponse(document, status_code=status, media_type=PROBLEM_JSON, headers=headers)
