"""`GET /v1/submissions/{id}/events`: Server-Sent Events, one `test` per test as it finishes
(its number is the event id, so `Last-Event-ID` resumes), then `result`. A caller holds at
most MAX_STREAMS open at once; a student gets the hidden tests' events together."""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Request
from fastapi.responses import StreamingResponse

from .access import Who, service_of
from .api import visible
from .rows import DONE
from .service import Service

router = APIRouter()
MAX_STREAMS = 8  # event streams one caller may hold open at once (a page holds one)


@router.get("/v1/submissions/{identity}/events", tags=["submissions"])
async def events(
    identity: str,
    request: Request,
    who: Who,
    last_event_id: Annotated[str | None, Header()] = None,
) -> StreamingResponse:
    """Server-Sent Events: `test` once per test as it finishes (its number is the event id),
    then `result` with the whole result. Reconnecting with `Last-Event-ID` resumes after it."""
    service = service_of(request)
    stored = visible(service, identity, who)
    after = 0
    if last_event_id:
        # An event id is a test's number: anything else is a client's mistake, said so,
        # not a number the database cannot hold.
        if not last_event_id.isascii() or not last_event_id.isdigit() or len(last_event_id) > 9:
            raise HTTPException(400, "Last-Event-ID: expected the number of a test's event")
        after = int(last_event_id)
    streams: Counter[str] = request.app.state.streams
    if streams[who.name] >= MAX_STREAMS:
        raise HTTPException(
            429,
            f"{who.name} has {MAX_STREAMS} event streams open: close one first",
            headers={"Retry-After": "5"},
        )
    streams[who.name] += 1  # one event loop: no other request runs between check and count
    return StreamingResponse(
        _stream(service, stored.id, after, who.instructor, request, who.name),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


async def _stream(
    service: Service, identity: str, after: int, full: bool, request: Request, owner: str
) -> AsyncIterator[str]:
    try:
        async for event in _events(service, identity, after, full, request):
            yield event
    finally:
        request.app.state.streams[owner] -= 1


async def _events(
    service: Service, identity: str, after: int, full: bool, request: Request
) -> AsyncIterator[str]:
    yield "retry: 1000\n\n"
    quiet_since = time.monotonic()
    while not await request.is_disconnected():
        stored = await asyncio.to_thread(service.store.get, identity)
        done = stored is not None and stored.status == DONE
        for number, data in await asyncio.to_thread(service.store.events, identity, after, full):
            # A student gets the hidden tests' events together, once all are decided: when
            # each one arrived would time it, and a program may take as long as its input
            # says.
            if not (full or done) and data.get("hidden"):
                break
            after = number
            quiet_since = time.monotonic()
            yield f"id: {number}\nevent: test\ndata: {json.dumps(data)}\n\n"
        if done and stored is not None:
            pending = await asyncio.to_thread(service.store.events, identity, after, full)
            if not pending:
                result = stored.result if full else stored.student_result
                yield f"event: result\ndata: {json.dumps(result)}\n\n"
                return
            continue
        if time.monotonic() - quiet_since > 15:
            quiet_since = time.monotonic()
            yield ": still grading\n\n"
        await asyncio.sleep(service.options.events_poll_s)
