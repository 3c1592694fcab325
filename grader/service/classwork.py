"""What an instructor does with a class: hand in a batch (many files or a zip, a student per
file), follow it, export it as the gradebook's CSV, rejudge a problem after its tests changed,
and see the class at a glance."""

from __future__ import annotations

import asyncio
import io
import time
import uuid
import zipfile
from collections import Counter
from pathlib import PurePosixPath
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response
from starlette.datastructures import UploadFile

from ..kinds import extensions_for, languages_of
from ..languages.base import source_problem
from ..reports.json_report import SubmissionDocument
from ..storage.gradebook import scores_csv
from .access import Instructor, service_of
from .rows import DONE, Stored
from .rq_queue import CHUNK
from .service import Service

router = APIRouter(tags=["classwork"])
MAX_BATCH_FILES = 2000


@router.post("/v1/batches", status_code=202)
async def hand_in_batch(request: Request, who: Instructor) -> JSONResponse:
    """A multipart form: `problem`, and `files` (many, each named after its student:
    `ada.py`) or one `archive`, a zip of `student/file` or `student.ext` entries."""
    service = service_of(request)
    files: list[tuple[str, bytes]] = []
    refused: list[dict[str, str]] = []
    async with request.form(max_files=MAX_BATCH_FILES, max_fields=10) as form:
        offered = service.catalog.get(str(form.get("problem") or ""))
        if offered is None:
            raise HTTPException(422, f"problem: unknown problem {form.get('problem')!r}")
        cap = service.options.max_source_bytes
        for key, value in form.multi_items():
            if isinstance(value, UploadFile) and key == "files":
                files.append((value.filename or "", await value.read(cap + 1)))
            elif isinstance(value, UploadFile) and key == "archive":
                unzipped, dropped = _unzipped(await value.read(), cap)
                files += unzipped
                refused += dropped
    if not files:
        raise HTTPException(422, "files: a batch needs files (or an archive)")
    batch = uuid.uuid4().hex[:16]
    service.store.batches.add(batch, offered.problem.id)
    known = extensions_for(offered.problem)
    created_rows = []
    for name, source in files:
        path = PurePosixPath(name)
        language = known.get(path.suffix.lower(), "")
        student = path.parts[0] if len(path.parts) > 1 else path.stem
        cap = service.options.max_source_bytes
        wrong = (
            "not a file of a language this problem takes"
            if language not in languages_of(offered.problem)
            else f"larger than {cap // 1024} KiB"
            if len(source) > cap
            else source_problem(source)
        )
        if wrong:
            refused.append({"file": name, "detail": wrong})
            continue
        stored, created = service.store.submit(
            student, offered.problem.id, offered.version, language, path.name, source, batch
        )
        if created:
            created_rows.append(stored)
        if len(created_rows) == CHUNK:  # graders start on a chunk while the rest is stored
            service.enqueue_many(created_rows)
            created_rows = []
    service.enqueue_many(created_rows)
    document = _batch_document(service, batch) | {"refused": refused}
    return JSONResponse(document, status_code=202)


def _unzipped(data: bytes, cap: int) -> tuple[list[tuple[str, bytes]], list[dict[str, str]]]:
    """The archive's files, each read up to `cap` + 1 bytes (a zip bomb fills nothing), and
    the entries left out, each with why: an instructor must know whose file was not graded."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise HTTPException(422, "archive: not a zip file") from None
    found = []
    refused = []
    with archive:
        entries = archive.infolist()
        for info in entries[MAX_BATCH_FILES:]:
            refused.append(
                {"file": info.filename, "detail": f"past the first {MAX_BATCH_FILES} entries"}
            )
        for info in entries[:MAX_BATCH_FILES]:
            name = PurePosixPath(info.filename)
            why = (
                "a path outside the archive"
                if ".." in name.parts or name.is_absolute()
                else "a hidden file"
                if any(part.startswith(".") for part in name.parts)
                else "not printable"
                if not info.filename.isprintable()
                else ""
            )
            if info.is_dir():
                continue  # a folder is no one's file
            if why:
                refused.append({"file": info.filename, "detail": why})
                continue
            with archive.open(info) as member:
                found.append((str(name), member.read(cap + 1)))
    return found, refused


@router.get("/v1/batches")
def batch_list(request: Request, who: Instructor) -> dict[str, object]:
    """The latest batches, newest first: one an API was stopped while storing (its answer
    never sent) is here too, with what it stored."""
    listed = service_of(request).store.batches.latest()
    return {
        "batches": [
            {
                "id": identity,
                "problem": problem,
                "created_at": created,
                "submissions": count,
                "urls": {"self": f"/v1/batches/{identity}"},
            }
            for identity, problem, created, count in listed
        ]
    }


@router.get("/v1/batches/{batch}")
def batch_progress(batch: str, request: Request, who: Instructor) -> dict[str, object]:
    """How far the batch is: submissions by status and by verdict."""
    return _batch_document(service_of(request), batch)


def _batch_document(service: Service, batch: str) -> dict[str, object]:
    problem = service.store.batches.problem_of(batch)
    if problem is None:
        raise HTTPException(404, f"no batch {batch}")
    counts = service.store.batch_counts(batch)
    by_status: Counter[str] = Counter()
    by_verdict: Counter[str] = Counter()
    for status, verdict, count in counts:
        by_status[status] += count
        if verdict:
            by_verdict[verdict] += count
    return {
        "id": batch,
        "problem": problem,
        "submissions": sum(by_status.values()),
        "by_status": dict(by_status),
        "by_verdict": dict(by_verdict),
        "flags_owed": service.flags_owed.owed_in_batch(batch),
        "urls": {"self": f"/v1/batches/{batch}", "export": f"/v1/batches/{batch}/export.csv"},
    }


@router.get("/v1/batches/{batch}/export.csv")
def batch_export(batch: str, request: Request, who: Instructor) -> Response:
    """The batch's scores as the gradebook's CSV (Canvas, Moodle)."""
    service = service_of(request)
    if service.store.batches.problem_of(batch) is None:
        raise HTTPException(404, f"no batch {batch}")
    rows = [
        (row.student, row.problem, row.result["score"], row.result["max_score"])
        for row in service.store.of_batch(batch)
        if row.result is not None
    ]
    return Response(scores_csv(rows), media_type="text/csv")


@router.post("/v1/problems/{problem_id}/rejudge")
async def rejudge(
    problem_id: str,
    request: Request,
    who: Instructor,
    wait: Annotated[float, Query(ge=0, le=60)] = 0,
) -> dict[str, object]:
    """Read the problem again; if its version moved (a test added or changed), grade each
    student's latest submission again against it. Old results are kept. With `?wait=S`, the
    verdicts that changed among those graded within S seconds."""
    service = service_of(request)
    await asyncio.to_thread(service.catalog.refresh)
    offered = service.catalog.get(problem_id)
    if offered is None:
        raise HTTPException(404, f"no problem {problem_id}")
    pairs: list[tuple[Stored, Stored]] = []
    for old in latest_per_student(service.store.of_problem(problem_id)).values():
        if old.problem_hash == offered.version:
            continue
        new, created = service.store.submit(
            old.student, old.problem, offered.version, old.language, old.filename, old.source
        )
        if created:
            service.enqueue(new)
        pairs.append((old, new))
    deadline = time.monotonic() + wait
    while wait and time.monotonic() < deadline:
        if all((service.store.get(new.id) or new).status == DONE for _, new in pairs):
            break
        await asyncio.sleep(0.05)
    changes = []
    for old, new in pairs:
        now = service.store.get(new.id) or new
        changed = now.status == DONE and now.verdict != old.verdict
        changes.append(
            {
                "student": old.student,
                "before": old.verdict,
                "after": now.verdict,
                "submission": new.id,
                "changed": changed,
            }
        )
    return {
        "problem": problem_id,
        "version": offered.version,
        "regraded": len(pairs),
        "submissions": changes,
    }


def latest_per_student(rows: list[Stored]) -> dict[str, Stored]:
    latest: dict[str, Stored] = {}
    for row in rows:  # oldest first
        latest[row.student] = row
    return latest


def _flag_messages(result: SubmissionDocument | None) -> list[str]:
    return [flag["message"] for flag in result["flags"]] if result else []


def class_summary(service: Service, problem_id: str) -> dict[str, object]:
    """The latest submission of every student, and how many got each verdict."""
    latest = latest_per_student(service.store.of_problem(problem_id))
    owed = service.flags_owed.all_owed()
    launched = service.lti_people.shown_names()  # `lti:...` as the instructor knows them
    students = [
        {
            "student": row.student,
            "shown": launched.get(row.student, row.student),
            "verdict": row.verdict or row.status,
            "id": row.id,
            "score": row.result["score"] if row.result else None,
            "language": row.language,
            "submitted_at": row.created_at,
            "flags": _flag_messages(row.result),
            "flags_owed": row.id in owed,
        }
        for row in sorted(latest.values(), key=lambda row: row.student)
    ]
    return {
        "students": students,
        "by_verdict": dict(Counter(s["verdict"] for s in students)),
        "flags_owed": sum(bool(s["flags_owed"]) for s in students),
    }
