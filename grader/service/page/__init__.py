"""The page: server-rendered HTML (Jinja2, autoescaped), plain JavaScript with EventSource,
no build step. `/` lists the problems, `/problems/{id}` is the exercise (statement, samples,
editor, Ctrl+Enter, each test's row as it finishes), `/class/{id}` the instructor's view."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, FastAPI, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from ...integrations.lti.people import LTI_PREFIX
from ...kinds import kind_of, spoken
from ...kinds.catalog import Offered, problem_document
from ..access import COOKIE, caller_of_request, secure_cookies
from ..auth import Caller, caller_of, digest
from ..classwork import class_summary
from ..guard import CSP
from ..service import Service

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
router = APIRouter(include_in_schema=False)


def mount_static(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")


def _who(request: Request) -> Caller | None:
    """The caller, or None (then the page asks for a token instead of failing)."""
    service: Service = request.app.state.service
    return caller_of(service.store, request.cookies.get(COOKIE), service.options.open)


def _page(request: Request, name: str, who: Caller | None, **context: object) -> Response:
    return templates.TemplateResponse(request, name, {"who": who, **context})


@router.get("/favicon.ico")
def favicon() -> Response:
    """The page's icon where a browser asks for it by the old name (a check mark, as SVG)."""
    icon = (HERE / "static" / "favicon.svg").read_bytes()
    return Response(icon, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})


@router.get("/", response_class=HTMLResponse)
def index(request: Request) -> Response:
    who = _who(request)
    if who is None:
        return _page(request, "login.html", None, failed=False)
    service: Service = request.app.state.service
    offered = [problem_document(o, full=False) for o in service.catalog.all()]
    return _page(request, "index.html", who, problems=offered)


@router.post("/login")
def login(request: Request, token: Annotated[str, Form()]) -> Response:
    service: Service = request.app.state.service
    if caller_of(service.store, token.strip(), False) is None:
        return _page(request, "login.html", None, failed=True)
    response = RedirectResponse("/", status_code=303)
    response.set_cookie(
        COOKIE, token.strip(), httponly=True, samesite="strict", secure=secure_cookies(request)
    )
    return response


@router.post("/logout")
def logout(request: Request) -> Response:
    """Sign out. A token an LTI launch made lives only in this browser's cookie: it is
    revoked on the server too, so a copy of the cookie (a shared computer, a proxy's log)
    signs nobody in after the student signed out. A token the user pasted is theirs to
    keep (their command line or CI may hold it too): only the cookie goes."""
    service: Service = request.app.state.service
    token = request.cookies.get(COOKIE)
    who = caller_of(service.store, token, False) if token else None
    if token and who is not None and who.name.startswith(LTI_PREFIX):
        service.store.tokens.forget(digest(token))
    response = RedirectResponse("/", status_code=303)
    response.delete_cookie(COOKIE, httponly=True, samesite="strict", secure=secure_cookies(request))
    return response


@router.get("/problems/{problem_id}", response_class=HTMLResponse)
def exercise(problem_id: str, request: Request) -> Response:
    who = _who(request)
    if who is None:
        return RedirectResponse("/", status_code=303)
    service: Service = request.app.state.service
    offered = service.catalog.get(problem_id)
    if offered is None:
        raise HTTPException(404, f"no problem {problem_id}")
    document = problem_document(offered)
    languages: list[str] = document["languages"]  # type: ignore[assignment]
    names = {language: spoken(offered.problem, language).name for language in languages}
    samples = {sample["name"]: sample["expected"] for sample in document["samples"]}  # type: ignore[attr-defined]
    first = next((test for test in offered.problem.tests if not test.hidden), None)
    # The editor's stylesheet is made in the browser (CodeMirror's themes): allowed by a
    # nonce of this response's, where any other inline style stays refused.
    nonce = secrets.token_urlsafe(18)
    answer = _page(
        request,
        "problem.html",
        who,
        problem=document,
        language_names=names,
        starter=_script_json(document["starter_code"]),
        samples=_script_json(samples),
        first_input=kind_of(offered.problem).shown_input(first) if first else "",
        editor_bundle=editor_bundle(),
        style_nonce=nonce,
        max_source=service.options.max_source_bytes,
    )
    answer.headers["Content-Security-Policy"] = CSP.format(ancestors="'none'").replace(
        "style-src 'self'", f"style-src 'self' 'nonce-{nonce}'"
    )
    return answer


def editor_bundle() -> bool:
    """Whether set-up built the code editor (web/); without it the page has a textarea."""
    return (HERE / "static" / "build" / "editor.js").is_file()


def _script_json(value: object) -> str:
    """`value` as JSON inside a <script> element: no `</` to end it early."""
    return json.dumps(value).replace("</", "<\\/")


def _instructors(request: Request, problem_id: str) -> tuple[Caller, Service, Offered]:
    """The instructor asking about a problem's class, or 403 / 404."""
    who = caller_of_request(request)  # the page's cookie, or an instructor's Bearer token
    if not who.instructor:
        raise HTTPException(403, "only an instructor's token may see the class")
    service: Service = request.app.state.service
    offered = service.catalog.get(problem_id)
    if offered is None:
        raise HTTPException(404, f"no problem {problem_id}")
    return who, service, offered


@router.get("/class/{problem_id}", response_class=HTMLResponse)
def class_view(problem_id: str, request: Request) -> Response:
    who, service, offered = _instructors(request, problem_id)
    return _page(
        request,
        "class.html",
        who,
        problem=problem_document(offered, full=False),
        summary=class_summary(service, problem_id),
    )


@router.get("/class/{problem_id}/report", response_class=HTMLResponse)
def class_report(problem_id: str, request: Request) -> Response:
    """The same self-contained page `grader report` writes, from the service's gradebook."""
    _, service, offered = _instructors(request, problem_id)
    from ...insight.report import class_of, render
    from ...storage.gradebook import Gradebook

    handed = class_of(Gradebook(service.database), problem_id)
    # Nothing fetched, no script; its charts are inline SVG and its one picture a data: URL.
    headers = {
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
        "img-src data:; frame-ancestors 'none'"
    }
    return HTMLResponse(render(offered.problem, handed), headers=headers)
