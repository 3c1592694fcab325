"""The jobs a grader's queue holds, and the only ones a worker runs: `grade_submissions`
and `find_flags`, each naming the service whose database holds its submissions.

Whoever can write to Redis can write a job naming any callable (`os.system`), and RQ would
import and call it as the worker's user, outside any sandbox; a job's callbacks are imported
by name the same way. A worker's jobs are of GradingJob, which looks a job's function up in
JOBS by name before anything is imported, and never runs a callback."""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final

from ..errors import EXIT_USAGE

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

    from .grading import Grader

JOB_TIMEOUT_S: Final = 600
SERVICE_KEY: Final = "grader:service"  # the id of the service whose database jobs name


class RefusedJob(Exception):
    """A job in the queue that is not the grader's own: never imported, never run."""


@cache
def grading_job_class() -> type:
    """RQ's Job, running only what JOBS names and no callback (made once: RQ is imported
    only where a queue is used)."""
    from rq.job import Job

    class GradingJob(Job):
        @property
        def func(self) -> Callable[..., object]:
            name = self.func_name
            if self.instance is not None or name not in JOBS:
                raise RefusedJob(f"job {self.id} names {name!r}, which is not a grader job")
            return JOBS[name]

        @property
        def success_callback(self) -> None:
            return None

        @property
        def failure_callback(self) -> None:
            return None

        @property
        def stopped_callback(self) -> None:
            return None

    return GradingJob


@dataclass(frozen=True, slots=True)
class Working:
    """What a worker's jobs run with: its grader, the queue for the flags they owe, and the
    id of the service its database belongs to."""

    grader: Grader
    flags: Queue
    service: str


# Set by `working` around the work loop of one worker, in its own thread, never a module
# global.
CURRENT: contextvars.ContextVar[Working] = contextvars.ContextVar("grader_current_worker")


def grade_submissions(identities: list[str], service: str) -> int:
    """The job: grade each submission that is still queued, then hand those it graded to
    the flags queue. How many it graded."""
    working = _working_for(service)
    graded = [identity for identity in identities if working.grader.run(identity) is not None]
    if graded:
        enqueue_job(working.flags, find_flags, graded, service)
    return len(graded)


def find_flags(identities: list[str], service: str) -> int:
    """The job: find the flags each submission still owes. How many it found."""
    grader = _working_for(service).grader
    return sum(grader.find_flags(identity) for identity in identities)


JOBS: Final[dict[str, Callable[[list[str], str], int]]] = {
    f"{__name__}.grade_submissions": grade_submissions,
    f"{__name__}.find_flags": find_flags,
}


def _working_for(service: str) -> Working:
    """This worker's context, if the job is from the service whose database it grades into.
    A job of another service is refused. If the queue itself now belongs to another service
    than this worker's database, the worker was given the wrong database: it would find none
    of the jobs' submissions and grade into nothing, silently, forever, so it stops, saying
    why (the submissions stay queued in the right database, whose sweeper hands them on)."""
    import os
    import sys

    working = CURRENT.get()
    if service == working.service:
        return working
    owner = queue_service(working.flags.connection)
    if owner != working.service:
        # Another service's queue; or one whose owner record is gone (Redis lost its data):
        # then a job of another service says this worker has the wrong database just the
        # same, and going on would fail every job it takes, for ever.
        said = f"service {owner}'s" if owner else f"the queue of service {service}'s jobs"
        print(
            f"grader worker: the queue is {said}, but this worker's database belongs to "
            f"service {working.service}: give the worker the --db the service (`grader web "
            "--queue`) uses. Stopping.",
            file=sys.stderr,
            flush=True,
        )
        os._exit(EXIT_USAGE)  # not an exception: RQ would only fail the job and go on
    raise RefusedJob(f"a job of service {service}, not of this worker's ({working.service})")


def enqueue_job(
    queue: Queue,
    job: Callable[[list[str], str], int],
    identities: list[str],
    service: str,
    name: str | None = None,
) -> str:
    """A job of `identities`, `name`d where the sweeper will ask the queue about it."""
    enqueued = queue.enqueue(
        job,
        identities,
        service,
        job_id=name,
        job_timeout=JOB_TIMEOUT_S,
        result_ttl=60,
        failure_ttl=3600,
    )
    return str(enqueued.id)


def queue_service(client: Redis) -> str | None:
    """The id of the service that last started on this queue, if one did."""
    found = client.get(SERVICE_KEY)
    return found.decode() if isinstance(found, bytes) else None


def set_service(client: Redis, service: str) -> str | None:
    """Write `service` as the queue's, the one before it returned (if any)."""
    before = queue_service(client)
    client.set(SERVICE_KEY, service)
    return before


@contextmanager
def working(grader: Grader, flags: Queue, service: str) -> Iterator[None]:
    """`grader` is the one jobs run in this thread use, `flags` where they owe flags,
    `service` the id of the service its database belongs to."""
    token = CURRENT.set(Working(grader, flags, service))
    try:
        yield
    finally:
        CURRENT.reset(token)
