"""The instructor's flags found after the verdict, when no grading waits: the same flags as
grading with them, grading first in both queues, and flags owed by a worker that died or a
queue that lost them handed on again."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from grader.judge import flags_for
from grader.kinds import grade
from grader.reports.json_report import SubmissionDocument
from grader.service.flags_owed import FlagsOwed
from grader.service.local import LocalQueue
from grader.service.store import Store
from grader.storage.database import Database
from grader.submission import Submission
from grader.verdicts import Verdict

from ..conftest import SUBMISSIONS
from .conftest import Running, start
from .processes import RedisServer, Workers, until

NQUEENS = SUBMISSIONS / "nqueens"
INSTANT_THEN_STUCK = (
    "import json\nSTORED = json.loads({table!r})\n\ndef solve_n_queens(n):\n"
    "    while n > 9:\n        pass\n    return STORED[str(n)]\n"
)

# A result as the service stores one, for rows finished here by hand.
ACCEPTED: SubmissionDocument = {
    "submission": "solution.py",
    "language": "python",
    "verdict": "AC",
    "score": 10,
    "max_score": 10,
    "compile_output": "",
    "tests": [],
    "flags": [],
}


def _cases(answers: dict[str, object]) -> list[bytes]:
    table = json.dumps({str(n): answers[f"n{n}"] for n in range(1, 10)})
    return [
        (NQUEENS / "flagged" / "lookup_table.py").read_bytes(),
        (NQUEENS / "flagged" / "encoded.py").read_bytes(),
        (NQUEENS / "accepted" / "backtracking.py").read_bytes(),
        (NQUEENS / "wrong_answer" / "diagonal_without_abs.py").read_bytes(),
        INSTANT_THEN_STUCK.format(table=table).encode(),
    ]


def test_flags_found_later_are_those_found_while_grading(
    nqueens, nqueens_answers, process_sandbox
) -> None:
    kinds_seen = set()
    for source in _cases(nqueens_answers):
        submission = Submission(Path("solution.py"), "solution.py", "python", source)
        at_once = grade(nqueens, nqueens_answers, submission, process_sandbox, True)
        first = grade(nqueens, nqueens_answers, submission, process_sandbox, True, None, False)
        assert first.flags == () and first.verdict is at_once.verdict
        slowest = max(test.time_s for test in first.tests)
        later = flags_for(
            nqueens,
            nqueens_answers,
            submission,
            process_sandbox,
            first.verdict.value == "AC",
            slowest,
        )
        # A probe's message names the CPU time of the slowest test, which varies by run.
        assert [(f.kind, f.line) for f in later] == [(f.kind, f.line) for f in at_once.flags]
        kinds_seen |= {flag.kind for flag in later}
    assert {"table", "lookup", "probe", "encoded"} <= kinds_seen


def test_the_embedded_queue_grades_everything_waiting_before_any_flags() -> None:
    calls: list[str] = []
    first_taken, second_put = threading.Event(), threading.Event()
    done = threading.Event()

    def run(identity: str) -> None:
        calls.append(f"grade {identity}")
        if identity == "a":
            first_taken.set()
            assert second_put.wait(30)

    def find_flags(identity: str) -> None:
        calls.append(f"flags {identity}")
        if identity == "c":
            done.set()

    queue = LocalQueue(run, find_flags, 1)
    try:
        queue.put("a", "ada")
        assert first_taken.wait(30)
        queue.put("b", "bob")
        queue.put("c", "cy")
        second_put.set()
        assert done.wait(30)
    finally:
        queue.close()
    assert calls == ["grade a", "grade b", "grade c", "flags a", "flags b", "flags c"]


def test_flags_owed_are_claimed_once_and_handed_on_when_lost(tmp_path) -> None:
    database = Database(tmp_path / "service.db")
    try:
        claims_and_losses(database)
    finally:
        database.close()


def claims_and_losses(database: Database) -> None:
    """A claim is granted once its verdict is stored, and once; a row is handed on when its
    worker died, or when the queue is idle and nobody claimed it, once per loss."""
    store, owed = Store(database), FlagsOwed(database)
    stored, _ = store.submit("ada", "nqueens", "v1", "python", "s.py", b"pass\n")
    owed.owe(stored.id)
    assert owed.claim(stored.id) is None  # its verdict is not stored yet
    attempt = store.start(stored.id, 5)
    assert attempt is not None
    store.finish(stored.id, attempt, Verdict.AC, ACCEPTED, ACCEPTED)
    assert owed.claim(stored.id) == 1
    assert owed.claim(stored.id) is None  # held by the first
    # (the second argument: how long unclaimed rows must have been owed; -60: any)
    assert owed.lost(True, -60) == []  # claimed and alive
    database.execute("UPDATE flags_owed SET lease_until = ?", (time.time() - 1,))
    assert owed.lost(False, 0) == [stored.id]  # its worker died
    assert owed.lost(False, -60) == []  # handed on: not again while busy
    assert owed.lost(True, -60) == [stored.id]  # idle, and still unclaimed
    assert owed.claim(stored.id) == 2
    owed.paid(stored.id)
    assert not owed.owed(stored.id) and owed.claim(stored.id) is None


def test_the_service_finds_flags_after_a_restart_lost_them(tmp_path) -> None:
    running = start(tmp_path, workers=0)
    try:
        flagged = (NQUEENS / "flagged" / "lookup_table.py").read_text()
        identity = running.submit("ada", flagged, wait=0).json()["id"]
        service = running.service
        stored = service.store.get(identity)
        assert stored is not None
        attempt = service.store.start(identity, 5)  # graded here by hand: no worker runs
        service.flags_owed.owe(identity)
        service.store.finish(identity, attempt, Verdict.AC, ACCEPTED, ACCEPTED)
        assert "flags of 1 submission are still being looked for" in _class_page(running)
    finally:
        running.service.close()
    restarted = start(tmp_path)  # its sweeper finds what nobody will
    try:
        document = restarted.flagged(identity)
        assert {"table", "lookup"} <= {flag["kind"] for flag in document["result"]["flags"]}
        page = _class_page(restarted)
        assert "still being looked for" not in page and "holding the answers" in page
    finally:
        restarted.service.close()


def _class_page(running: Running) -> str:
    from grader.service.access import COOKIE

    running.client.cookies.set(COOKIE, running.tokens["teacher"])
    return str(running.client.get("/class/nqueens").text)


@pytest.fixture
def redis(tmp_path: Path):  # type: ignore[no-untyped-def]
    server = RedisServer(tmp_path)
    yield server
    server.stop()


def test_a_worker_takes_flags_only_after_the_grading_queue(tmp_path, redis) -> None:
    from rq import Worker

    from grader.service.rows import DONE
    from grader.service.rq_queue import connect

    running = start(tmp_path, queue=redis.url, per_minute=1000, pending_per_student=1000)
    workers = Workers(redis.url, tmp_path / "service.db")
    try:
        sources = [
            (NQUEENS / "flagged" / "lookup_table.py").read_text(),
            (NQUEENS / "accepted" / "backtracking.py").read_text(),
        ]
        ids = [
            running.submit(who, s, wait=0).json()["id"]
            for who, s in zip(("ada", "bob"), sources, strict=True)
        ]
        workers.start()
        client = connect(redis.url)
        until(lambda: len(Worker.all(connection=client)) == 1, 60, "the worker did not register")
        [worker] = Worker.all(connection=client)
        assert worker.queue_names() == ["grader", "grader-flags"]
        documents = [running.flagged(identity, 120) for identity in ids]
        assert all(document["status"] == DONE for document in documents)
        assert {"table", "lookup", "probe"} <= {
            flag["kind"] for flag in documents[0]["result"]["flags"]
        }
        assert documents[1]["result"]["flags"] == []
        client.close()
    finally:
        workers.stop()
        running.service.close()
