"""`/v1/`: submissions (handed in, read, watched test by test), problems and languages,
`/healthz` and `/metrics`. Batches and rejudging are in classwork.py."""

from __future__ import annotations

import asyncio
import time
from pathlib import PurePosixPath
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from pydantic import BaseModel, Field
from starlette.datastructures import UploadFile

from ..kinds import extensions_for, languages_of, spoken
from ..kinds.catalog import language_document, problem_document
from ..languages import LANGUAGES
from ..languages.base import source_problem
from .access import Instructor, Who, service_of
from .auth import Caller
from .rows import DONE, QUEUED, Stored
from .service import Service

router = APIRouter()
MAX_WAIT_S = 10.0


class SubmissionIn(BaseModel):
    problem: str = Field(examples=["nqueens"])
    language: str | None = Field(None, examples=["python"], description="default: by filename")
    source: str = Field(description="the file's text")
    filename: str | None = Field(None, examples=["solution.py"])
    student: str | None = Field(None, description="instructors and an open service only")


@router.post("/v1/submissions", status_code=202, tags=["submissions"])
async def submit(
    request: Request,
    who: Who,
    wait: Annotated[float, Query(ge=0, le=MAX_WAIT_S, description="seconds to wait")] = 0,
) -> JSONResponse:
    """Hand in one file: JSON (`SubmissionIn`) or a multipart form with `file` and the same
    fields. 202 with its id and URLs; with `?wait=S`, 200 and the result if it is graded
    within S seconds. The same file handed in again is the same submission (not graded twice)."""
    service = service_of(request)
    fields = await _fields(request, service)
    stored = await asyncio.to_thread(_accept, service, who, fields)  # the database's time
    deadline = time.monotonic() + wait
    while stored.status != DONE and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
        stored = await asyncio.to_thread(_reread, service, stored)
    document = await asyncio.to_thread(_document, service, stored, who)
    return JSONResponse(document, status_code=200 if stored.status == DONE and wait else 202)


def _reread(service: Service, stored: Stored) -> Stored:
    return service.store.get(stored.id) or stored


async def _fields(request: Request, service: Service) -> dict[str, Any]:
    kind = request.headers.get("content-type", "")
    if kind.startswith("multipart/form-data"):
        async with request.form(max_files=1) as form:
            upload = form.get("file")
            fields: dict[str, Any] = {key: value for key, value in form.items() if key != "file"}
            if not isinstance(upload, UploadFile):
                raise HTTPException(422, "file: a multipart submission needs a file field")
            fields["source_bytes"] = await upload.read(service.options.max_source_bytes + 1)
            fields["filename"] = fields.get("filename") or upload.filename
        return fields
    try:
        parsed = SubmissionIn.model_validate_json(await request.body())
    except ValueError as error:
        raise HTTPException(422, f"the body is not a submission: {_first_error(error)}") from None
    fields = parsed.model_dump()
    fields["source_bytes"] = parsed.source.encode("utf-8", "surrogatepass")
    return fields


def _first_error(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        return f"{'.'.join(str(p) for p in first['loc']) or 'body'}: {first['msg']}"
    return str(error)


def _accept(service: Service, who: Caller, fields: dict[str, Any]) -> Stored:
    options = service.options
    offered = service.catalog.get(str(fields.get("problem") or ""))
    if offered is None:
        known = ", ".join(o.problem.id for o in service.catalog.all())
        raise HTTPException(
            422, f"problem: unknown problem {fields.get('problem')!r} (known: {known})"
        )
    filename = str(fields.get("filename") or "")
    language = str(fields.get("language") or "")
    if not language:
        suffix = PurePosixPath(filename).suffix.lower()
        language = extensions_for(offered.problem).get(suffix, "")
    if language not in languages_of(offered.problem):
        offered_languages = ", ".join(languages_of(offered.problem))
        raise HTTPException(
            422,
            f"language: {language or '(none)'!r} is not offered for {offered.problem.id} "
            f"(one of: {offered_languages})",
        )
    source: bytes = fields["source_bytes"]
    if len(source) > options.max_source_bytes:
        raise HTTPException(413, f"the file is larger than {options.max_source_bytes // 1024} KiB")
    wrong = source_problem(source)
    if wrong:
        raise HTTPException(422, f"source: {wrong}")
    named = str(fields.get("student") or "").strip()[:100]
    student = named if who.instructor and named else who.name  # a student is who they are
    filename = _safe_name(filename, spoken(offered.problem, language).extensions)
    # The bounds are checked and the row written in one transaction no other request of
    # this student's runs beside: a burst of requests cannot all pass the check at once.
    with service.database.exclusive(f"submit:{student}"):
        handed_in, pending = service.store.recent(student, time.time() - 60)
        if handed_in >= options.per_minute or pending >= options.pending_per_student:
            service.metrics.submissions.labels("rate_limited").inc()
            raise HTTPException(
                429,
                f"{student} handed in {handed_in} files this minute and has {pending} waiting: "
                "wait for a result before handing in again",
                headers={"Retry-After": "10"},
            )
        if service.store.waiting() >= options.queue_capacity:
            service.metrics.submissions.labels("queue_full").inc()
            raise HTTPException(
                503, "the grader is full; try again shortly", headers={"Retry-After": "30"}
            )
        stored, created = service.store.submit(
            student, offered.problem.id, offered.version, language, filename, source
        )
    service.metrics.submissions.labels("accepted" if created else "duplicate").inc()
    if created:
        service.enqueue(stored)
    return stored


def _safe_name(filename: str, wanted: tuple[str, ...]) -> str:
    """The name the student's file is shown and compiled under: its own if plain."""
    base = filename.replace("\\", "/").rpartition("/")[2]
    ok = base and base not in {".", ".."} and base.isprintable() and len(base) <= 100
    if ok and any(base.lower().endswith(ext) for ext in wanted):
        return base
    return f"solution{wanted[0]}"


def visible(service: Service, identity: str, who: Caller) -> Stored:
    stored = service.store.get(identity)
    if stored is None or (not who.instructor and stored.student != who.name):
        raise HTTPException(404, f"no submission {identity} of yours")
    return stored


def _document(service: Service, stored: Stored, who: Caller) -> dict[str, object]:
    result = stored.result if who.instructor else stored.student_result
    base = f"/v1/submissions/{stored.id}"
    return {
        "id": stored.id,
        "status": stored.status,
        "position": service.store.position(stored) if stored.status == QUEUED else 0,
        "student": stored.student,
        "problem": stored.problem,
        "language": stored.language,
        "submitted_at": stored.created_at,
        "result": result,
        "urls": {"self": base, "events": f"{base}/events"},
    } | (  # the instructor's flags come after the verdict, when no grading waits
        {"flags_owed": service.flags_owed.owed(stored.id)} if who.instructor else {}
    )


@router.get("/v1/submissions/{identity}", tags=["submissions"])
def read(identity: str, request: Request, who: Who) -> dict[str, object]:
    """Its status (queued, running, done), queue position and, once done, the result: the
    document of `grader grade --format json` for one submission."""
    service = service_of(request)
    return _document(service, visible(service, identity, who), who)


@router.get("/v1/submissions", tags=["submissions"])
def mine(request: Request, who: Who, student: str | None = None) -> dict[str, object]:
    """The caller's latest submissions (an instructor may name a student)."""
    service = service_of(request)
    name = student if who.instructor and student else who.name
    rows = service.store.of_student(name)
    return {"student": name, "submissions": [_summary(stored) for stored in rows]}


def _summary(stored: Stored) -> dict[str, object]:
    result = stored.student_result
    return {
        "id": stored.id,
        "problem": stored.problem,
        "language": stored.language,
        "status": stored.status,
        "verdict": stored.verdict,
        "score": result["score"] if result else None,
        "max_score": result["max_score"] if result else None,
        "submitted_at": stored.created_at,
    }


@router.get("/v1/problems", tags=["problems"])
def problems(request: Request, who: Who) -> dict[str, object]:
    service = service_of(request)
    return {
        "problems": [problem_document(offered, full=False) for offered in service.catalog.all()]
    }


@router.get("/v1/problems/{problem_id}", tags=["problems"])
def one_problem(problem_id: str, request: Request, who: Who) -> dict[str, object]:
    """The statement as HTML, the signature, the samples, starter code per language."""
    offered = service_of(request).catalog.get(problem_id)
    if offered is None:
        raise HTTPException(404, f"no problem {problem_id}")
    return problem_document(offered)


@router.get("/v1/languages", tags=["problems"])
def languages(who: Who) -> dict[str, object]:
    return {"languages": [language_document(language) for language in LANGUAGES]}


@router.get("/healthz", tags=["service"])
def healthz(request: Request) -> dict[str, object]:
    """ok and how many wait; 503 (the app's answer to DatabaseUnavailable) while the
    database cannot be reached or written, so a load balancer stops sending here."""
    service = service_of(request)
    service.store.database.check_space()
    service.store.database.execute(  # a write: a database that refuses writes fails it
        "UPDATE service SET value = value WHERE key = 'id'"
    )
    return {"status": "ok", "queued": service.store.waiting()}


@router.get("/metrics", tags=["service"])
def metrics(request: Request, who: Instructor) -> Response:
    return PlainTextResponse(
        service_of(request).metrics.text(), media_type="text/plain; version=0.0.4"
    )
