"""A Jobe server's REST API under /jobe/index.php/restapi/, as Moodle's CodeRunner calls it
(its jobesandbox class): `GET languages`, `POST runs`, `PUT` and `HEAD files/{id}`.

Errors are answered as Jobe answers them, a JSON string with the status: 400 for a run_spec
it cannot run, 404 for a file it does not hold (CodeRunner then puts the files and asks
again), 403 for a missing or wrong API key. The key is an instructor's token of this service
(`X-API-KEY`), needed unless the service is open."""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import math
import re
from dataclasses import replace
from typing import Annotated, Final

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import JSONResponse, Response

from ..integrations.jobe.runs import (
    DEFAULT_CPU_S,
    DEFAULT_MEMORY_MIB,
    DEFAULT_STREAM_MIB,
    MAX_CPU_S,
    MAX_MEMORY_MIB,
    MAX_STREAM_MIB,
    JobeRuns,
)
from ..languages import jobe_languages
from ..languages.programs import JobeDefaults, PlainArgs
from ..limits import Limits
from ..plain.run import RunSpec
from .access import service_of
from .auth import caller_of

PREFIX: Final = "/jobe/index.php/restapi"
MIN_FILE_ID = 8  # Jobe's MIN_FILE_IDENTIFIER_SIZE
# Matched whole (fullmatch): `$` alone would let a name end in a newline through.
FILE_NAME: Final = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
router = APIRouter(prefix=PREFIX, tags=["jobe"])


def said(status: int, text: str) -> JSONResponse:
    return JSONResponse(text, status_code=status)


class Refused(Exception):
    def __init__(self, status: int, text: str) -> None:
        self.status, self.text = status, text


def _runs(request: Request, api_key: str | None) -> JobeRuns:
    service = service_of(request)
    who = caller_of(service.store, api_key, service.options.open)
    if who is None or not who.instructor:
        raise HTTPException(403, "Unauthorised: X-API-KEY must be an instructor's token")
    return service.jobe


ApiKey = Annotated[str | None, Header(alias="X-API-KEY")]


# Jobe answers its paths with a trailing slash too (`runs/`), where the app would redirect.
@router.get("/languages")
@router.get("/languages/", include_in_schema=False)
async def languages(request: Request, x_api_key: ApiKey = None) -> JSONResponse:
    runs = _runs(request, x_api_key)
    found = await asyncio.to_thread(runs.languages)
    return JSONResponse([list(pair) for pair in found])


@router.put("/files/{file_id}")
async def put_file(request: Request, file_id: str, x_api_key: ApiKey = None) -> Response:
    runs = _runs(request, x_api_key)
    if not _valid_id(file_id):
        return said(400, f"put: invalid file id {file_id!r}")
    limit = service_of(request).options.max_batch_bytes
    body = await request.body()
    if len(body) > limit * 4 // 3 + 1024:
        return said(413, "put: the file is too large")
    try:
        document = json.loads(body)
        encoded = document["file_contents"]
        content = base64.b64decode(encoded, validate=True)
    except (ValueError, KeyError, TypeError, binascii.Error):
        return said(400, "put: missing file_contents parameter, or not valid base-64")
    runs.files.put(file_id, content)
    return Response(status_code=204)


@router.head("/files/{file_id}")
async def has_file(request: Request, file_id: str, x_api_key: ApiKey = None) -> Response:
    runs = _runs(request, x_api_key)
    if not _valid_id(file_id):
        return Response(status_code=400)
    return Response(status_code=204 if runs.files.get(file_id) is not None else 404)


@router.post("/runs")
@router.post("/runs/", include_in_schema=False)
async def post_run(request: Request, x_api_key: ApiKey = None) -> JSONResponse:
    runs = _runs(request, x_api_key)
    options = service_of(request).options
    body = await request.body()
    if len(body) > options.max_batch_bytes:
        return said(413, "the run_spec is too large")
    try:
        spec = _run_spec(body, runs, options.max_source_bytes)
    except Refused as refused:
        return said(refused.status, refused.text)
    result = await asyncio.to_thread(runs.run, spec)
    return JSONResponse(result.document())


def _run_spec(body: bytes, runs: JobeRuns, max_source: int) -> RunSpec:
    """The run a POST body asks for, or Refused as Jobe would refuse it."""
    try:
        document = json.loads(body)
    except ValueError:
        raise Refused(400, "Non-JSON post data received") from None
    run = document.get("run_spec") if isinstance(document, dict) else None
    if not isinstance(run, dict):
        raise Refused(400, "No run_spec attribute found in post data")
    source, language = run.get("sourcecode"), run.get("language_id")
    if not isinstance(source, str):
        raise Refused(400, "run_spec is missing the required attribute 'sourcecode'")
    if not isinstance(language, str):
        raise Refused(400, "run_spec is missing the required attribute 'language_id'")
    if len(source.encode("utf-8", "surrogatepass")) > max_source:
        raise Refused(400, f"the sourcecode is over {max_source // 1024} KiB")
    language = language.lower()
    if not runs.known(language):
        raise Refused(400, f"Language '{language}' is not known")
    name = run.get("sourcefilename") or _default_name(language, source)
    if not isinstance(name, str) or not FILE_NAME.fullmatch(name) or len(name) > 100:
        raise Refused(400, "The sourcefilename for the run_spec is missing or invalid")
    stdin = run.get("input") or ""
    if not isinstance(stdin, str):
        raise Refused(400, "input must be a string")
    files = _files(run.get("file_list") or [], runs, name)
    parameters = run.get("parameters") or {}
    jobe = _jobe(language)
    limits = _limits(parameters, jobe)
    args = _args(parameters, jobe.args if jobe else PlainArgs())
    return RunSpec(language, source.encode(), name, limits, stdin.encode(), files, args)


def _files(listed: object, runs: JobeRuns, source_name: str) -> dict[str, bytes]:
    if not isinstance(listed, list):
        raise Refused(400, "file_list must be a list of [id, name] pairs")
    files: dict[str, bytes] = {}
    for spec in listed:
        valid = (
            isinstance(spec, list)
            and len(spec) in (2, 3)
            and all(isinstance(part, str) for part in spec[:2])
            and _valid_id(spec[0])
            and FILE_NAME.fullmatch(spec[1])
            and spec[1] != source_name
        )
        if not valid:
            raise Refused(400, f"Invalid file specifier: {json.dumps(spec)[:200]}")
        content = runs.files.get(spec[0])
        if content is None:
            raise Refused(404, "One or more of the specified files is missing/unavailable")
        files[spec[1]] = content
    return files


def _args(parameters: dict[str, object], defaults: PlainArgs) -> PlainArgs:
    """The word lists a run_spec gives, each replacing the language's default."""
    given = {}
    for name in ("compileargs", "linkargs", "interpreterargs", "runargs"):
        words = parameters.get(name)
        if words is None:
            continue
        if not isinstance(words, list) or not all(isinstance(word, str) for word in words):
            raise Refused(400, f"parameter {name} must be a list of strings")
        given[name] = tuple(words)
    try:
        args = replace(defaults, **given)
        for name in given:
            args.words(name)  # quotes that do not close are refused here, not at the run
    except ValueError as error:
        raise Refused(400, f"bad parameter: {error}") from None
    return args


def _limits(parameters: object, language: JobeDefaults | None) -> Limits:
    """A run's limits as Jobe reads its parameters, each absent one the language's default
    (a problem's own language id is graded by the problem's limits: these go unused)."""
    if not isinstance(parameters, dict):
        raise Refused(400, "parameters must be an object")
    cpu = _number(parameters, "cputime", DEFAULT_CPU_S)
    if cpu > MAX_CPU_S:
        raise Refused(
            400, f"cputime exceeds maximum allowed on this Jobe server ({MAX_CPU_S} secs)"
        )
    default_memory = language.memory_mib if language else DEFAULT_MEMORY_MIB
    # 0 is Jobe's "no limit" (its default for Java): the most this server gives.
    memory = _number(parameters, "memorylimit", default_memory) or MAX_MEMORY_MIB
    stream = _number(parameters, "streamsize", DEFAULT_STREAM_MIB)
    processes = _number(parameters, "numprocs", language.processes if language else 0)
    floor = language.processes_floor if language else 1
    # -1 is Jobe's "no limit" on a file's size: then the backend's own.
    disk = None if parameters.get("disklimit") == -1 else _number(parameters, "disklimit", 20)
    return Limits(
        time_s=float(cpu),
        wall_s=float(cpu) * 3 + 1,
        memory_mib=int(min(memory, MAX_MEMORY_MIB)),
        output_kib=int(min(stream, MAX_STREAM_MIB) * 1024),
        processes=max(int(processes), floor) or None,
        file_mib=None if disk is None else max(1, math.ceil(disk)),
    )


def _number(parameters: dict[str, object], name: str, default: float) -> float:
    value = parameters.get(name, default)
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise Refused(400, f"parameter {name} must be a number") from None
    if number < 0 or number != number:
        raise Refused(400, f"parameter {name} must not be negative")
    return number if number > 0 or name == "memorylimit" else default


def _default_name(language: str, source: str) -> str:
    jobe = _jobe(language)
    if jobe is None:
        return f"__tester__.{language}"
    return jobe.named(source) or jobe.default_file


def _jobe(language: str) -> JobeDefaults | None:
    """Jobe's defaults for one of its languages; None for a problem's own (`nqueens-python`)."""
    found = jobe_languages().get(language)
    return found.programs.jobe if found else None


def _valid_id(file_id: str) -> bool:
    return len(file_id) >= MIN_FILE_ID and file_id.isascii() and file_id.isalnum()
