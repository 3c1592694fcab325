"""The queue on Redis, through RQ: the API only enqueues, `grader worker` processes grade,
on this machine or many (sharing the database: SQLite on one machine, PostgreSQL across).

Jobs are JSON (RQ's JSONSerializer: a job is a submission id or a chunk of them, never a
pickle). A worker is RQ's SimpleWorker, which runs each job in its own process, so the
sandbox (and its warm runner) stays open from one job to the next; RQ's forking worker would
start a sandbox per job. Nothing depends on RQ noticing a dead worker: the database's lease
does (grading.py), and the sweeper (service.py) hands lost submissions to the queue again.
A graded chunk's flags (flags_owed.py) are a job on a second queue, which a worker takes only
when the grading queue is empty (RQ takes from a worker's queues in their order).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..errors import UsageError
from ..storage.database import without_password
from .rq_jobs import (
    enqueue_job,
    find_flags,
    grade_submissions,
    grading_job_class,
    queue_service,
    set_service,
    working,
)

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

    from .grading import Grader

QUEUE_NAME: Final = "grader"
FLAGS_QUEUE_NAME: Final = "grader-flags"
CHUNK: Final = 20  # a batch's submissions per job: the queue's own cost is one job's
log = logging.getLogger("grader.service")


def connect(url: str) -> Redis:
    """A Redis client for `url` (redis://, rediss:// or unix://), checked with a PING."""
    try:
        import redis
    except ImportError:
        raise UsageError("a Redis queue needs the redis and rq packages: pip install rq") from None
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5, health_check_interval=10)
    except ValueError as error:
        raise UsageError(f"--queue {without_password(url)}: {error}") from None
    try:
        client.ping()
    except (redis.AuthenticationError, redis.ResponseError) as error:
        client.close()
        # The URL's password is never repeated, here or in any log.
        raise QueueRefused(
            f"the queue at {without_password(url)} refused the grader: {error}"
        ) from None
    except redis.RedisError as error:
        client.close()
        raise UsageError(f"the queue at {without_password(url)} does not answer: {error}") from None
    return client


class QueueRefused(UsageError):
    """Redis answered, and refused the grader (a wrong password or user): waiting for it
    would wait for ever."""


def rq_queue(client: Redis, name: str = QUEUE_NAME) -> Queue:
    from rq import Queue
    from rq.serializers import JSONSerializer

    return Queue(name, connection=client, serializer=JSONSerializer, job_class=grading_job_class())


class RedisQueue:
    def __init__(self, url: str, service: str) -> None:
        self._client = connect(url)
        self._service = service
        before = set_service(self._client, service)
        if before not in (None, service):
            log.warning(
                "the queue at %s was %s's; it is this service's (%s) now: workers started with "
                "the other database will stop",
                without_password(url),
                before,
                service,
            )
        self._queue = rq_queue(self._client)
        self._flags = rq_queue(self._client, FLAGS_QUEUE_NAME)

    def keep_owner(self) -> None:
        """Write this service's id as the queue's owner again where it is gone (a Redis that
        lost its data): without it, a worker given another database cannot tell."""
        if queue_service(self._client) is None:
            log.warning("the queue's owner record was gone: written again")
            set_service(self._client, self._service)

    def put(self, identity: str, student: str) -> None:
        self.put_many([identity])

    def put_many(self, identities: Sequence[str]) -> list[str]:
        """Enqueue in chunks of CHUNK; the jobs' ids (a chunk's is its first submission's)."""
        chunks = [list(identities[at : at + CHUNK]) for at in range(0, len(identities), CHUNK)]
        return [
            enqueue_job(
                self._queue, grade_submissions, chunk, self._service, f"{chunk[0]}-{len(chunk)}"
            )
            for chunk in chunks
        ]

    def put_flags(self, identities: list[str]) -> None:
        for start in range(0, len(identities), CHUNK):
            enqueue_job(self._flags, find_flags, identities[start : start + CHUNK], self._service)

    def holds(self, identity: str, job: str | None) -> bool:
        """Whether a job for it waits in Redis: in the queue's list, not only its hash
        saying "queued" (a job popped by a worker that died before starting it, the gap
        RQ leaves, keeps such a hash)."""
        from rq.exceptions import NoSuchJobError
        from rq.job import Job, JobStatus

        name = job or f"{identity}-1"
        try:
            found = Job.fetch(name, connection=self._client, serializer=self._queue.serializer)
        except NoSuchJobError:
            return False
        status = found.get_status(refresh=False)
        if status in (JobStatus.DEFERRED, JobStatus.SCHEDULED):
            return True
        return status == JobStatus.QUEUED and self._queue.get_job_position(name) is not None

    def depth(self) -> int:
        return int(self._queue.count)

    def flags_depth(self) -> int:
        """Flags jobs waiting or being worked through: while one is, the flags it owes that
        nobody claimed yet are its (the sweeper would otherwise hand each on again)."""
        from rq.registry import StartedJobRegistry

        started = StartedJobRegistry(queue=self._flags)
        return int(self._flags.count) + int(started.count)

    def workers(self) -> int:
        """Workers registered on this queue that still beat (RQ forgets a silent one)."""
        from rq import Worker

        return int(Worker.count(queue=self._queue))

    def close(self) -> None:
        self._client.close()


def check_service(url: str, service: str) -> None:
    """UsageError when the queue at `url` is another service's than the database's, or
    refuses the grader. A queue that does not answer yet is waited for by the worker, and
    its jobs are checked one by one."""
    try:
        client = connect(url)
    except QueueRefused:
        raise
    except UsageError:
        return
    try:
        found = queue_service(client)
    finally:
        client.close()
    if found not in (None, service):
        raise UsageError(
            f"the queue at {without_password(url)} is service {found}'s, but this worker's "
            f"database belongs to service {service}: give the worker the --db the service "
            "(`grader web --queue`) uses"
        )


def run_worker(url: str, grader: Grader, name: str, service: str, retry_s: float = 1.0) -> None:
    """Take jobs from the queue at `url` until stopped (SIGTERM, SIGINT), in this process.
    A Redis that goes away (restarted, failed over) is waited for, not fatal; a stop asked
    for meanwhile is obeyed at once (RQ's own goodbye to Redis would fail, and a retry loop
    would wait for ever)."""
    import signal
    import threading

    from redis import RedisError
    from rq import SimpleWorker

    stopping = threading.Event()

    def waiting(signum: int, frame: object) -> None:
        stopping.set()

    while not stopping.is_set():
        # Between RQ's loops (connecting, waiting to reconnect) the signals are ours.
        for number in (signal.SIGTERM, signal.SIGINT):
            signal.signal(number, waiting)
        try:
            client = connect(url)
        except QueueRefused:
            raise
        except UsageError:
            stopping.wait(retry_s)
            continue
        queue, flags = rq_queue(client), rq_queue(client, FLAGS_QUEUE_NAME)
        worker = SimpleWorker(
            [queue, flags],
            connection=client,
            serializer=queue.serializer,
            name=name,
            maintenance_interval=5,
            job_class=queue.job_class,
        )
        # Redis forgets a worker that stops beating for this long; jobs do not depend on it.
        worker.worker_ttl = 15
        try:
            # Its own record from before Redis went away, which a Redis that persists its
            # data brings back: RQ would take it for another worker of this name and refuse
            # to start. The name is this process's (host and pid): nobody else's record.
            client.delete(worker.key)
            if not stopping.is_set():  # a signal while connecting was ours to obey
                with working(grader, flags, service):
                    worker.work(with_scheduler=False, logging_level="WARNING")
        except RedisError:
            pass
        finally:
            client.close()
        if stopping.is_set() or worker._shutdown_requested_date is not None:
            return
        # RQ's loop also ends, without raising, on any error it did not expect: a job hash
        # anyone who can reach Redis can forge, a Redis gone while a job ended and back by
        # the loop's goodbye. Neither is a reason to stop grading: a new connection and a
        # new registration.
        stopping.wait(retry_s)
