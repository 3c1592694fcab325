"""Faults the service meets in a deployment: a grader that lost its claim writes nothing,
leases are timed by the database's clock, processes starting together on an empty
PostgreSQL make the schema once, a worker stops while Redis is down."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from grader.service.grading import Grader
from grader.service.keeper import LEASE_S

from ..conftest import ROOT, require
from .conftest import Running, start
from .processes import PostgresServer, RedisServer, Workers, until


class Paused:
    """The service's real sandbox, whose runs of one grader wait, after the first test, until
    the test lets them go on: a grader paused past its lease (SIGSTOP, a long GC, a VM
    migration) without stopping the test's process."""

    def __init__(self, sandbox) -> None:
        self._sandbox = sandbox
        self.resume = threading.Event()

    def __getattr__(self, name: str):
        return getattr(self._sandbox, name)

    def session(self, program, limits, calls):
        paused = self

        class Session:
            def __init__(self, real) -> None:
                self._real, self._calls = real, 0

            def __enter__(self):
                self._real.__enter__()
                return self

            def __exit__(self, *exc):
                return self._real.__exit__(*exc)

            def load(self):
                return self._real.load()

            def call(self, args, cpu_limit_s=None):
                self._calls += 1
                if self._calls == 2:
                    paused.resume.wait(120)
                return self._real.call(args, cpu_limit_s)

            def close(self) -> None:
                self._real.close()

        return Session(self._sandbox.session(program, limits, calls))


@dataclass
class LateWriter:
    """Grader A (`first`) has claimed the submission `identity` and is paused on its
    second test (in `late`, its thread); B (`second`) grades on the service's sandbox."""

    running: Running
    paused: Paused
    first: Grader
    second: Grader
    identity: str
    late: threading.Thread

    def lease_over(self) -> None:
        """What A's pause would have done: its lease ran out."""
        self.running.service.database.execute(
            "UPDATE submissions SET lease_until = 0 WHERE id = ?", (self.identity,)
        )

    def resumed(self) -> None:
        self.paused.resume.set()
        self.late.join(timeout=120)
        assert not self.late.is_alive()


@pytest.fixture
def late_writer(tmp_path) -> Iterator[LateWriter]:
    running = start(tmp_path, workers=0)  # only the two graders below grade
    service = running.service
    assert service.sandbox is not None
    paused = Paused(service.sandbox)
    first = Grader(service.store, service.catalog, paused)  # type: ignore[arg-type]
    second = Grader(service.store, service.catalog, service.sandbox)
    try:
        identity = running.submit("ada", wait=0).json()["id"]
        late = threading.Thread(target=first.run, args=(identity,))
        late.start()
        until(lambda: service.store.events(identity, 0, True), 60, "A never started")
        yield LateWriter(running, paused, first, second, identity, late)
    finally:
        paused.resume.set()
        first.close()
        second.close()
        service.close()


def test_a_grader_that_lost_its_claim_writes_nothing(late_writer: LateWriter) -> None:
    """The late writer: grader A claims a submission and pauses past its lease; B grades it
    and stores the result; A, resumed, finishes. What A finishes changes no row: not the
    result, not an event, not the gradebook."""
    service, identity = late_writer.running.service, late_writer.identity
    late_writer.lease_over()
    [expired] = service.store.expired()  # the sweeper's requeue
    service.store.requeue(expired.id)
    assert late_writer.second.run(identity) is not None  # B's claim: attempt 2
    stored = service.store.get(identity)
    assert stored is not None and stored.status == "done" and stored.attempts == 2
    written = (
        service.database.rows("SELECT finished_at, result_json FROM submissions"),
        service.store.events(identity, 0, True),
        service.database.rows("SELECT graded_at, result_json FROM results"),
    )
    late_writer.resumed()
    assert (
        service.database.rows("SELECT finished_at, result_json FROM submissions"),
        service.store.events(identity, 0, True),
        service.database.rows("SELECT graded_at, result_json FROM results"),
    ) == written


@pytest.mark.parametrize("requeued", [False, True])
def test_a_grader_resumed_past_its_lease_writes_nothing_and_it_is_graded_again(
    late_writer: LateWriter, requeued: bool
) -> None:
    """The late writer that nobody overtook (issue 42, point 8a): A claims a submission and
    pauses past its lease; before any grader claims it again (whether or not the sweeper
    has put it back in the queue yet), A resumes and finishes. Its times are inflated by
    the pause: nothing is stored, and the submission is graded again."""
    service, identity = late_writer.running.service, late_writer.identity
    late_writer.first.close()  # A's keeper stops renewing, as a paused process's would
    late_writer.lease_over()
    if requeued:
        [expired] = service.store.expired()
        service.store.requeue(expired.id)
    late_writer.resumed()
    stored = service.store.get(identity)
    assert stored is not None and stored.status != "done" and stored.result is None
    assert service.database.rows("SELECT COUNT(*) FROM results") == [(0,)]
    if not requeued:
        assert [row.id for row in service.store.expired()] == [identity]
        service.store.requeue(identity)
    assert late_writer.second.run(identity) is not None  # graded again: attempt 2
    stored = service.store.get(identity)
    assert stored is not None and stored.status == "done" and stored.attempts == 2


def test_a_lease_is_timed_by_the_databases_clock(tmp_path, monkeypatch) -> None:
    running = start(tmp_path, workers=0)
    store = running.service.store
    try:
        identity = running.submit("ada", wait=0).json()["id"]
        real = time.time
        monkeypatch.setattr(time, "time", lambda: real() + 3600)  # a worker an hour ahead
        assert store.start(identity, LEASE_S) == 1
        monkeypatch.setattr(time, "time", real)
        lease, now = store.database.row(
            f"SELECT lease_until, {store.database.clock} FROM submissions WHERE id = ?",
            (identity,),
        )  # type: ignore[misc]
        assert 0 < lease - now <= LEASE_S  # not an hour and five seconds
        assert abs(now - real()) < 60  # the database's clock is the machine's here
    finally:
        running.service.close()


@pytest.mark.parametrize("processes", [5])
def test_processes_starting_together_on_an_empty_postgresql_make_the_schema_once(processes) -> None:
    server = PostgresServer()
    opening = (
        "import sys\nfrom grader.storage.database import Database\n"
        "from grader.service.store import Store\n"
        "from grader.integrations.lti.store import LtiStore\n"
        "from grader.storage.gradebook import Gradebook\n"
        "database = Database(sys.argv[1])\nStore(database); LtiStore(database)\n"
        "Gradebook(database)\ndatabase.close()\n"
    )
    try:
        started = [
            subprocess.Popen(
                [sys.executable, "-c", opening, server.url],
                cwd=ROOT,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(processes)
        ]
        said = [process.communicate(timeout=120)[1] for process in started]
        assert [process.returncode for process in started] == [0] * processes, said
    finally:
        server.stop()


def test_a_worker_stops_on_sigterm_while_redis_is_down(tmp_path) -> None:
    redis = RedisServer(tmp_path)
    running = start(tmp_path, queue=redis.url)
    workers = Workers(redis.url, tmp_path / "service.db")
    try:
        worker = workers.start()
        identity = running.submit("ada", wait=0).json()["id"]
        until(lambda: running.service.store.get(identity).status == "done", 120, "not graded")  # type: ignore[union-attr]
        redis.kill()
        worker.send_signal(signal.SIGTERM)
        assert worker.wait(timeout=30) == 0  # it stops, Redis or not
        workers.running.remove(worker)
    finally:
        workers.stop()
        running.service.close()
        redis.stop()


def test_a_database_is_named_by_where_it_is_in_messages(tmp_path) -> None:
    from grader.storage.database import Database

    database = Database(tmp_path / "named.db")
    try:
        assert str(database) == str(tmp_path / "named.db")
    finally:
        database.close()


def test_a_batch_being_graded_is_not_pushed_again(tmp_path) -> None:
    """A chunk's job is started while its later members are still queued in the database:
    the sweeper must leave them to it, not push each again as a job of its own."""
    import redis as redis_client

    server = RedisServer(tmp_path)
    running = start(tmp_path, queue=server.url, sweep_s=0.2)
    workers = Workers(server.url, tmp_path / "service.db")
    try:
        slow = "import time\ndef solve_n_queens(n):\n    time.sleep(0.02)\n    return []\n"
        files = [("files", (f"s{k}.py", f"# {k}\n{slow}")) for k in range(40)]
        client = redis_client.Redis(unix_socket_path=str(server.socket))
        pushes = lambda: sum(  # noqa: E731 - read twice
            int(stats["calls"])
            for name, stats in client.info("commandstats").items()
            if name in ("cmdstat_rpush", "cmdstat_lpush")
        )
        before = pushes()
        batch = running.client.post(
            "/v1/batches", data={"problem": "nqueens"}, files=files, headers=running.as_("teacher")
        ).json()
        workers.start()
        until(
            lambda: (
                running.client.get(f"/v1/batches/{batch['id']}", headers=running.as_("teacher"))
                .json()["by_status"]
                .get("done")
                == 40
            ),
            180,
            "the batch was not graded",
        )
        # two chunks' jobs and their flags' jobs; nothing pushed again while they ran
        assert pushes() - before <= 4
        client.close()
    finally:
        workers.stop()
        running.service.close()
        server.stop()


def test_a_postgresql_restart_is_a_503_then_nothing(tmp_path) -> None:
    """While the database is down the API says so (503, Retry-After) and the health check
    fails; once it is back, the next request works: no process restarted by hand."""
    server = PostgresServer()
    running = start(tmp_path, database=server.url)
    try:
        assert running.submit("ada").json()["status"] == "done"
        server.halt()
        down = running.client.post(
            "/v1/submissions",
            headers=running.as_("ada"),
            json={"problem": "nqueens", "language": "python", "source": "x = 1\n"},
        )
        assert down.status_code == 503 and down.headers["retry-after"] == "5"
        assert running.client.get("/healthz").status_code == 503
        server.resume()
        assert running.client.get("/healthz").status_code == 200
        again = running.submit("bob")
        assert again.status_code == 200 and again.json()["status"] == "done"
    finally:
        running.service.close()
        server.stop()


def test_a_full_postgresql_disk_fails_the_health_check(tmp_path) -> None:
    """PostgreSQL's data on a small file system of its own, filled up (issue 42, point 8d):
    /healthz says the storage cannot be written (a probe that only rewrote a row passed),
    and says ok again once there is room."""
    require(os.geteuid() == 0, "a tmpfs of the test's own", "run the suite as root")
    server = PostgresServer(tmpfs_mib=96)
    running = start(tmp_path, database=server.url)
    filler = server.folder / "filler"
    try:
        assert running.client.get("/healthz").status_code == 200
        with open(filler, "wb") as spill, contextlib.suppress(OSError):
            while True:  # until the file system refuses: ENOSPC
                spill.write(os.urandom(2**20))
                spill.flush()
        full = running.client.get("/healthz")
        assert full.status_code == 503, full.text
        filler.unlink()
        assert running.client.get("/healthz").status_code == 200
    finally:
        running.service.close()
        server.stop()
