"""The queue on Redis, through RQ: the API only enqueues, `grader worker` processes grade,
on this machine or many (sharing the database: SQLite on one machine, PostgreSQL across).

Jobs are JSON (RQ's JSONSerializer: a job is a submission id or a chunk of them, never a
pickle). A worker is RQ's SimpleWorker, which runs each job in its own process, so the
sandbox (and its warm runner) stays open from one job to the next; RQ's forking worker would
start a sandbox per job. Nothing depends on RQ noticing a dead worker: the database's lease
does (grading.py), and the sweeper (service.py) hands lost submissions to the queue again.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

from ..errors import UsageError

if TYPE_CHECKING:
    from redis import Redis
    from rq import Queue

    from .grading import Grader

QUEUE_NAME: Final = "grader"
JOB_TIMEOUT_S: Final = 600
CHUNK: Final = 20  # a batch's submissions per job: the queue's own cost is one job's
# The worker's grader, for the job function below to use: set by `working` around the work
# loop of one worker, in its own thread, never a module global.
CURRENT: contextvars.ContextVar[Grader] = contextvars.ContextVar("grader_current_grader")


def grade_submissions(identities: list[str]) -> int:
    """The job: grade each submission that is still queued. How many it graded."""
    grader = CURRENT.get()
    return sum(grader.run(identity) is not None for identity in identities)


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


def rq_queue(client: Redis) -> Queue:
    from rq import Queue
    from rq.serializers import JSONSerializer

    return Queue(QUEUE_NAME, connection=client, serializer=JSONSerializer)


class RedisQueue:
    def __init__(self, url: str) -> None:
        self._client = connect(url)
        self._queue = rq_queue(self._client)

    def put(self, identity: str, student: str) -> None:
        self.put_many([identity])

    def put_many(self, identities: Sequence[str]) -> list[str]:
        """Enqueue in chunks of CHUNK; the jobs' ids (a chunk's is its first submission's)."""
        jobs = []
        for start in range(0, len(identities), CHUNK):
            chunk = list(identities[start : start + CHUNK])
            job = self._queue.enqueue(
                grade_submissions,
                chunk,
                job_id=f"{chunk[0]}-{len(chunk)}",
                job_timeout=JOB_TIMEOUT_S,
                result_ttl=60,
                failure_ttl=3600,
            )
            jobs.append(str(job.id))
        return jobs

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

    def workers(self) -> int:
        """Workers registered on this queue that still beat (RQ forgets a silent one)."""
        from rq import Worker

        return int(Worker.count(queue=self._queue))

    def close(self) -> None:
        self._client.close()


@contextmanager
def working(grader: Grader) -> Iterator[None]:
    """`grader` is the one jobs run in this thread use."""
    token = CURRENT.set(grader)
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
        queue = rq_queue(client)
        worker = SimpleWorker(
            [queue], connection=client, serializer=queue.serializer, name=name,
            maintenance_interval=5,
        )  # fmt: skip
        # Redis forgets a worker that stops beating for this long; jobs do not depend on it.
        worker.worker_ttl = 15
        try:
            with working(grader):
                worker.work(with_scheduler=False, logging_level="WARNING")
            return  # stopped by a signal
        except RedisError:
            time.sleep(retry_s)  # then a new connection, and a new registration
        finally:
            client.close()
