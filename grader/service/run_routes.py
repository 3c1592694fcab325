"""`POST /v1/runs`: the page's "Run" on the student's own input, as the problem's kind runs
it (functions/own_run.py, packages/own_run.py). Not a submission: nothing is stored, and it
has a budget of its own, apart from handing in."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from ..errors import InputError
from ..kinds import kind_of, languages_of, spoken
from ..languages.base import source_problem
from ..problem import Problem
from ..reports.json_report import test_document
from ..results import OwnRun
from ..submission import Submission
from .access import Who, service_of
from .budget import RunsBusy
from .service import Service

router = APIRouter()


class RunIn(BaseModel):
    problem: str = Field(max_length=200)
    language: str = Field(max_length=40)
    source: str
    input: str = Field(
        max_length=2_000,
        description="as the problem names it (`n = 6`); a package's: its standard input",
    )


@router.post("/v1/runs", tags=["submissions"])
async def run(body: RunIn, request: Request, who: Who) -> dict[str, object]:
    """Run the source once on the typed input, beside a reference: its answer, what it
    printed, time and memory, and the checker's verdict on it. 422 for an input the
    problem cannot take; 429 past the student's runs per minute."""
    service = service_of(request)
    offered = service.catalog.get(body.problem)
    if offered is None:
        raise HTTPException(404, f"no problem {body.problem}")
    if body.language not in languages_of(offered.problem):
        raise HTTPException(422, f"language: {body.language!r} is not offered for {body.problem}")
    source = body.source.encode("utf-8", "surrogatepass")
    if len(source) > service.options.max_source_bytes or source_problem(source):
        raise HTTPException(422, f"source: {source_problem(source) or 'too large'}")
    try:
        arguments = kind_of(offered.problem).parse_input(offered.problem, body.input)
    except InputError as error:
        raise HTTPException(422, f"input: {error}") from None
    if not service.run_budget.take(who.name):
        raise HTTPException(
            429,
            f"{service.options.runs_per_minute} runs a minute at most: wait a little",
            headers={"Retry-After": "10"},
        )
    file_name = "solution" + spoken(offered.problem, body.language).extensions[0]
    submission = Submission(Path(file_name), file_name, body.language, source)
    try:
        ran = await asyncio.to_thread(
            _run, service, who.name, offered.problem, submission, arguments
        )
    except RunsBusy as busy:
        raise HTTPException(
            429, busy.reason, headers={"Retry-After": str(busy.retry_after_s)}
        ) from None
    return _document(ran)


def _run(
    service: Service,
    student: str,
    problem: Problem,
    submission: Submission,
    arguments: dict[str, object],
) -> OwnRun:
    # A build here is capped as a hand-in's is (its CPU, wall clock and memory: the
    # language's build limits), in a slot that no hand-in waits for.
    with service.run_slots.hold(student):
        try:
            sandbox = service.jobe.sandbox()
            return kind_of(problem).run_own(problem, submission, arguments, sandbox)
        except InputError as error:
            raise HTTPException(422, f"input: {error}") from None


def _document(ran: OwnRun) -> dict[str, object]:
    test = test_document(ran.test) if ran.test is not None else None
    return {
        "input": ran.arguments,
        "compile_output": ran.compile_output,
        "yours": test,
        "expected": ran.expected,
    }
