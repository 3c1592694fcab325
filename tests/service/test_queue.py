"""The service on RQ and Redis, with real `grader worker` processes: nothing handed in is
lost or graded twice when a worker is SIGKILLed mid-job, when Redis is `kill -9`ed and
restarted, or when the API restarts; a submission that keeps killing its worker becomes IE."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.service.rq_jobs import SERVICE_KEY, queue_service

from ..conftest import SUBMISSIONS, memory_hog_timed_out
from .conftest import SLOW, WRONG, Running, start
from .processes import RedisServer, Workers, until

VERDICT_OF_FOLDER = {
    "accepted": "AC",
    "wrong_answer": "WA",
    "runtime_error": "RTE",
    "compile_error": "CE",
    "time_limit_exceeded": "TLE",
    "memory_limit_exceeded": "MLE",
    "output_limit_exceeded": "OLE",
}


@dataclass
class Queued:
    running: Running
    redis: RedisServer
    workers: Workers
    folder: Path

    def restart_api(self) -> None:
        self.running.service.close()
        fresh = start(self.folder, queue=self.redis.url)
        self.running.service, self.running.client = fresh.service, fresh.client

    def row(self, identity: str):  # type: ignore[no-untyped-def]
        return self.running.service.store.get(identity)


@pytest.fixture
def queued(tmp_path: Path) -> Iterator[Queued]:
    redis = RedisServer(tmp_path)
    running = start(tmp_path, queue=redis.url, per_minute=1000, pending_per_student=1000)
    workers = Workers(redis.url, tmp_path / "service.db")
    try:
        yield Queued(running, redis, workers, tmp_path)
    finally:
        workers.stop()
        running.service.close()
        redis.stop()


def _wait_done(queued: Queued, identities: list[str], timeout: float) -> None:
    until(
        lambda: all(queued.row(i).status == "done" for i in identities),
        timeout,
        "not everything was graded in time",
    )


def test_workers_grade_what_the_api_enqueues(queued) -> None:
    queued.workers.start()
    queued.workers.start()
    ids = [
        queued.running.submit("ada", wait=0).json()["id"],
        queued.running.submit("bob", source=WRONG, wait=0).json()["id"],
    ]
    _wait_done(queued, ids, 120)
    assert [queued.row(i).verdict for i in ids] == ["AC", "WA"]
    assert queued.running.service.queue.depth() == 0


def test_a_worker_killed_mid_job_has_its_submission_graded_once_by_another(queued) -> None:
    first = queued.workers.start()
    identity = queued.running.submit("ada", source=SLOW, wait=0).json()["id"]
    until(lambda: queued.row(identity).status == "running", 60, "no worker took it")
    queued.workers.kill(first)
    killed_at = time.monotonic()
    queued.workers.start()
    until(lambda: queued.row(identity).attempts == 2, 60, "nobody took it again")
    recovered_in = time.monotonic() - killed_at
    _wait_done(queued, [identity], 60)
    row = queued.row(identity)
    assert row.verdict == "AC" and row.attempts == 2
    results = queued.running.service.database.rows(
        "SELECT COUNT(*) FROM results WHERE student = 'ada'"
    )
    assert results == [(1,)]
    assert recovered_in < 15, f"taken again {recovered_in:.1f} s after the kill"


def test_a_submission_that_kills_its_worker_three_times_is_ie_and_others_go_on(queued) -> None:
    poison = queued.running.submit("teacher", source=SLOW, wait=0, student="eve").json()["id"]
    for attempt in (1, 2, 3):
        worker = queued.workers.start()

        def taken(attempt: int = attempt) -> bool:
            row = queued.row(poison)
            return bool(row.attempts == attempt and row.status == "running")

        until(taken, 60, f"attempt {attempt} did not start")
        queued.workers.kill(worker)
    queued.workers.start()
    _wait_done(queued, [poison], 60)
    row = queued.row(poison)
    assert row.verdict == "IE"
    assert "crashed the grader 3 times" in row.student_result["compile_output"]
    other = queued.running.submit("ada", wait=0).json()["id"]
    _wait_done(queued, [other], 60)
    assert queued.row(other).verdict == "AC"


def _mixed(count: int) -> list[tuple[str, str, str]]:
    """(student, source, expected verdict): Python examples of every verdict, each made a
    distinct file by a trailing comment; few of the slow ones."""
    examples = []
    for folder, verdict in VERDICT_OF_FOLDER.items():
        for path in sorted((SUBMISSIONS / "nqueens" / folder).glob("*.py")):
            source = path.read_bytes()
            if not source.strip() or b"\0" in source:
                continue  # a comment would change what they are
            try:
                examples.append((source.decode("utf-8"), verdict))
            except UnicodeDecodeError:
                continue  # JSON carries text only (the multipart upload is tested elsewhere)
    slow = [e for e in examples if e[1] == "TLE"][:2]
    fast = [e for e in examples if e[1] != "TLE"]
    chosen = slow + [fast[i % len(fast)] for i in range(count - len(slow))]
    return [
        (f"s{i:03d}", f"{src}\n# copy {i}\n", verdict) for i, (src, verdict) in enumerate(chosen)
    ]


def _as_due(want: str, row, time_s: float) -> bool:  # type: ignore[no-untyped-def]
    """Whether a row's verdict is the one due, or a memory hog's TLE by its measured CPU."""
    spent = [test["time_s"] for test in row.result["tests"] if test["verdict"] == "TLE"]
    return row.verdict == want or memory_hog_timed_out(want, row.verdict, spent, time_s)


def test_two_hundred_submissions_survive_killed_workers_redis_and_api(queued, nqueens) -> None:
    mixed = _mixed(200)
    for _ in range(2):
        queued.workers.start()
    ids: list[str] = []
    for index, (student, source, _) in enumerate(mixed):
        if index == 60:
            queued.workers.kill(queued.workers.running[0])  # mid-job, most likely
            queued.workers.start()
        if index == 100:
            queued.redis.kill()
            queued.redis.start()
        if index == 140:
            queued.restart_api()
        answer = queued.running.submit("teacher", source=source, wait=0, student=student)
        assert answer.status_code == 202, answer.text
        ids.append(answer.json()["id"])
    _wait_done(queued, ids, 300)
    rows = [queued.row(identity) for identity in ids]
    wrong = [
        (s, want, row.verdict)
        for (s, _, want), row in zip(mixed, rows, strict=True)
        if not _as_due(want, row, nqueens.limits.time_s)
    ]
    assert wrong == []
    per_submission = queued.running.service.database.rows(
        "SELECT student, COUNT(*) FROM results GROUP BY student"
    )
    assert len(per_submission) == 200 and Counter(n for _, n in per_submission) == {1: 200}


def test_a_job_popped_by_a_worker_that_died_before_starting_it_is_graded(queued) -> None:
    """The gap RQ leaves: a worker takes a job off the list and dies before marking it
    started; the job's hash still says "queued". The database's sweeper finds it."""
    import redis

    identity = queued.running.submit("ada", wait=0).json()["id"]
    client = redis.Redis(unix_socket_path=str(queued.redis.socket))
    try:
        assert client.lpop("rq:queue:grader") is not None  # what the dead worker took
        assert client.hget(f"rq:job:{identity}-1", "status") == b"queued"
    finally:
        client.close()
    queued.workers.start()
    _wait_done(queued, [identity], 60)
    assert queued.row(identity).verdict == "AC"


def test_a_redis_that_lost_everything_loses_no_submission(queued) -> None:
    import redis

    ids = [
        queued.running.submit(
            "teacher", wait=0, source=f"{WRONG}\n# {n}\n", student=f"s{n}"
        ).json()["id"]
        for n in range(3)
    ]
    client = redis.Redis(unix_socket_path=str(queued.redis.socket))
    try:
        client.flushall()
    finally:
        client.close()
    queued.workers.start()
    _wait_done(queued, ids, 60)
    assert [queued.row(i).verdict for i in ids] == ["WA"] * 3


def test_a_busy_worker_survives_a_redis_restart_with_its_data(queued) -> None:
    """Redis restarted with its append-only file (issue 42, point 8b): the worker's own
    registration comes back with it, and the worker, reconnecting, must not take itself for
    another worker of its name ("There exists an active worker named ... already")."""
    worker = queued.workers.start()
    identity = queued.running.submit("ada", source=SLOW, wait=0).json()["id"]
    until(lambda: queued.row(identity).status == "running", 60, "no worker took it")
    queued.redis.kill()
    _wait_done(queued, [identity], 90)  # graded while Redis is away: RQ cannot say so
    queued.redis.start()
    later = queued.running.submit("bob", wait=0).json()["id"]
    _wait_done(queued, [later], 90)  # the same worker, still taking jobs
    assert worker.poll() is None, "the worker died"
    assert queued.row(identity).verdict == "AC" and queued.row(later).verdict == "AC"


def test_a_queue_that_lost_its_owner_record_gets_it_back_from_the_api(queued) -> None:
    """Redis lost its data (issue 42, point 8c): the API's sweeper writes the queue's owner
    record again, without a restart."""
    import redis

    client = redis.Redis(unix_socket_path=str(queued.redis.socket))
    try:
        client.flushall()
        assert queue_service(client) is None
        service = queued.running.service.id
        until(lambda: queue_service(client) == service, 30, "the owner record was not rewritten")
    finally:
        client.close()


def test_a_wrong_database_worker_stops_when_the_owner_record_is_gone(tmp_path: Path) -> None:
    """With no owner record to compare with, a job of another service is what tells a
    worker it was given another database: it stops, saying so, instead of failing every job
    it takes (issue 42, point 8c)."""
    import redis

    from grader.errors import EXIT_USAGE

    server = RedisServer(tmp_path)
    running = start(tmp_path, queue=server.url, sweep_s=3600)  # no sweep rewrites it here
    wrong = Workers(server.url, tmp_path / "other" / "service.db")
    (tmp_path / "other").mkdir()
    client = redis.Redis(unix_socket_path=str(server.socket))
    try:
        client.delete(SERVICE_KEY)
        worker = wrong.start()
        running.submit("ada", wait=0)
        assert worker.wait(timeout=60) == EXIT_USAGE
        said = (tmp_path / "other" / "worker-1.log").read_text()
        assert "this worker's database belongs to service" in said and "Stopping" in said
        wrong.running.remove(worker)
    finally:
        client.close()
        wrong.stop()
        running.service.close()
        server.stop()
