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

import contextvars
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ..errors import UsageError

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

    from .grading import Grader

QUEUE_NAME: Final = "grader"
FLAGS_QUEUE_NAME: Final = "grader-flags"
JOB_TIMEOUT_S: Final = 600
CHUNK: Final = 20  # a batch's submissions per job: the queue's own cost is one job's


@dataclass(frozen=True, slots=True)
class Working:
    """What a worker's jobs run with: its grader, and the queue for the flags they owe."""

    grader: Grader
    flags: Queue


# Set by `working` around the work loop of one worker, in its own thread, never a module
# global.
CURRENT: contextvars.ContextVar[Working] = contextvars.ContextVar("grader_current_worker")


def grade_submissions(identities: list[str]) -> int:
    """The job: grade each submission that is still queued, then hand those it graded to
    the flags queue. How many it graded."""
    working = CURRENT.get()
    graded = [identity for identity in identities if working.grader.run(identity) is not None]
    if graded:
        _enqueue(working.flags, find_flags, graded)
    return len(graded)


def find_flags(identities: list[str]) -> int:
    """The job: find the flags each submission still owes. How many it found."""
    grader = CURRENT.get().grader
    return sum(grader.find_flags(identity) for identity in identities)


def _enqueue(
    queue: Queue, job: Callable[[list[str]], int], identities: list[str], name: str | None = None
) -> str:
    """A job of `identities`, `name`d where the sweeper will ask the queue about it."""
    enqueued = queue.enqueue(
        job, identities, job_id=name, job_timeout=JOB_TIMEOUT_S, result_ttl=60, failure_ttl=3600
    )
    return str(enqueued.id)


def connect(url: str) -> Redis:
    """A Redis client for `url` (redis://, rediss:// or unix://), checked with a PING."""
    try:
        import redis
    except ImportError:
        raise UsageError("a Redis queue needs the redis and rq packages: pip install rq") from None
    client = redis.Redis.from_url(url, socket_connect_timeout=5, health_check_interval=10)
    try:
        client.ping()
    except redis.RedisError as error:
        client.close()
        raise UsageError(f"the queue at {url} does not answer: {error}") from None
    return client


def rq_queue(client: Redis, name: str = QUEUE_NAME) -> Queue:
    from rq import Queue
    from rq.serializers import JSONSerializer

    return Queue(name, connection=client, serializer=JSONSerializer)


class RedisQueue:
    def __init__(self, url: str) -> None:
        self._client = connect(url)
        self._queue = rq_queue(self._client)
        self._flags = rq_queue(self._client, FLAGS_QUEUE_NAME)

    def put(self, identity: str, student: str) -> None:
        self.put_many([identity])

    def put_many(self, identities: Sequence[str]) -> list[str]:
        """Enqueue in chunks of CHUNK; the jobs' ids (a chunk's is its first submission's)."""
        chunks = [list(identities[at : at + CHUNK]) for at in range(0, len(identities), CHUNK)]
        return [
            _enqueue(self._queue, grade_submissions, chunk, f"{chunk[0]}-{len(chunk)}")
            for chunk in chunks
        ]

    def put_flags(self, identities: list[str]) -> None:
        for start in range(0, len(identities), CHUNK):
            _enqueue(self._flags, find_flags, identities[start : start + CHUNK])

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
        return int(self._flags.count)

    def workers(self) -> int:
        """Workers registered on this queue that still beat (RQ forgets a silent one)."""
        from rq import Worker

        return int(Worker.count(queue=self._queue))

    def close(self) -> None:
        self._client.close()


@contextmanager
def working(grader: Grader, flags: Queue) -> Iterator[None]:
    """`grader` is the one jobs run in this thread use, `flags` where they owe flags."""
    token = CURRENT.set(Working(grader, flags))
    try:
        yield
    finally:
        CURRENT.reset(token)


def run_worker(url: str, grader: Grader, name: str, retry_s: float = 1.0) -> None:
    """Take jobs from the queue at `url` until stopped (SIGTERM, SIGINT), in this process.
    A Redis that goes away (restarted, failed over) is waited for, not fatal."""
    import time

    from redis import RedisError
    from rq import SimpleWorker

    while True:
        try:
            client = connect(url)
        except UsageError:
            time.sleep(retry_s)
            continue
        queue, flags = rq_queue(client), rq_queue(client, FLAGS_QUEUE_NAME)
        worker = SimpleWorker(
            [queue, flags], connection=client, serializer=queue.serializer, name=name,
            maintenance_interval=5,
        )  # fmt: skip
        # Redis forgets a worker that stops beating for this long; jobs do not depend on it.
        worker.worker_ttl = 15
        try:
            with working(grader, flags):
                worker.work(with_scheduler=False, logging_level="WARNING")
            return  # stopped by a signal
        except RedisError:
            time.sleep(retry_s)  # then a new connection, and a new registration
        finally:
            client.close()
