"""A service assembled from its options: the database, the problems, the sandbox kept open
for every submission, the queue (worker threads here, or RQ on Redis), the Jobe endpoint's
runs and LTI's launches and score outbox."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from ..integrations.jobe.runs import JobeRuns
from ..integrations.lti.launch import KeySets
from ..integrations.lti.people import People
from ..integrations.lti.scores import ScoreSender
from ..integrations.lti.store import LtiStore
from ..judge import open_sandbox
from ..kinds.catalog import Catalog
from ..languages.programs import PlainHost
from ..sandbox import Sandbox
from ..storage.database import Database
from .budget import RunBudget, RunSlots
from .flags_owed import FlagsOwed
from .grading import Grader
from .keeper import LEASE_S
from .local import LocalQueue
from .metrics import Metrics
from .options import ServiceOptions
from .rows import Stored
from .store import Store

log = logging.getLogger("grader.service")


class Queue(Protocol):
    def put(self, identity: str, student: str) -> None: ...

    def keep_owner(self) -> None:
        """Say again whose queue it is, where the queue forgot (a queue on Redis)."""
        ...

    def holds(self, identity: str, job: str | None) -> bool:
        """Whether the submission is waiting in the queue (`job`: the queue's own id of it,
        where it gave one)."""
        ...

    def depth(self) -> int: ...

    def put_flags(self, identities: list[str]) -> None: ...

    def flags_depth(self) -> int: ...

    def close(self) -> None: ...


class Service:
    def __init__(self, options: ServiceOptions) -> None:
        self.options = options
        self.database = Database(options.database)
        self.store = Store(self.database)
        self.id = self.store.service_id()  # its row is also what the health check writes
        self.flags_owed = FlagsOwed(self.database)
        self.catalog = Catalog(options.problem_roots, options.problems_recheck_s)
        self.sandbox: Sandbox | None = None
        self._grader: Grader | None = None
        self.queue: Queue
        self.metrics = Metrics(
            lambda: self.store.waiting(), self._workers_alive, lambda: self.flags_owed.count()
        )
        if options.queue:
            from .rq_queue import RedisQueue

            self.queue = RedisQueue(options.queue, self.id)
        else:
            self.sandbox = open_sandbox(options.sandbox, options.sandbox_options)
            self._grader = Grader(self.store, self.catalog, self.sandbox, self.metrics.graded)
            self.queue = LocalQueue(
                self._in_flight(self._grader.run), self._grader.find_flags, options.workers
            )
        # Moodle's CodeRunner runs through the Jobe endpoint on this process's sandbox, or one
        # of its own where grading is the workers' (opened at the first run).
        self.jobe = JobeRuns(
            self.catalog,
            self.sandbox,
            options.sandbox,
            max(options.workers, 2),
            sandbox_options=options.sandbox_options,
            host=PlainHost(options.jobe_python_packages),
        )
        # The page's Run on a student's own input: its own budget, and slots of its own
        # (it shares the Jobe endpoint's sandbox, not its slots, nor the graders').
        self.run_budget = RunBudget(options.runs_per_minute)
        self.run_slots = RunSlots(max(options.workers, 2), options.run_wait_s)
        # LTI 1.3: launches validated here; scores sent from the outbox, whoever graded them.
        self.lti = LtiStore(self.database)
        self.lti_people = People(self.database)  # after LtiStore: it migrates its links
        self.lti_keys = KeySets()
        self.scores = ScoreSender(self.lti, options.sweep_s, options.lti_retry_s)
        self._closing = threading.Event()
        self._missing: set[str] = set()  # jobs the last sweep did not find in the queue
        self.sweep()
        self._sweeper = threading.Thread(
            target=self._sweep_every, args=(options.sweep_s,), name="grader-sweeper", daemon=True
        )
        self._sweeper.start()

    def sweep(self) -> int:
        """The database is the truth: a submission whose grader died (its lease ran out) is
        queued again, and a queued one the queue does not hold (lost with Redis, or dropped
        between dequeue and start) is handed to it again; the same for flags owed. How
        many."""
        self.queue.keep_owner()
        idle = self.queue.depth() == 0 and self.queue.flags_depth() == 0
        lost_flags = self.flags_owed.lost(idle, self.options.sweep_s)
        if lost_flags:
            self.queue.put_flags(lost_flags)
        count = len(lost_flags)
        for stored in self.store.expired():
            self.store.requeue(stored.id)
            self.queue.put(stored.id, stored.student)
            count += 1
        # One handed in moments ago is on its way to the queue: not asked about yet. A chunk's
        # job is asked about once for all its submissions.
        held: dict[str, bool] = {}
        missing = set()
        for identity, student, job in self.store.queued(time.time() - self.options.sweep_s):
            key = job or identity
            if key not in held:
                # A chunk a live grader works through holds its later members too: pushed
                # again, each would be a job of its own.
                held[key] = self.queue.holds(identity, job) or (
                    job is not None and self.store.working_on(job, LEASE_S)
                )
            if held[key]:
                continue
            missing.add(key)
            # Lost only when missing at two sweeps in a row: a job a worker has just taken
            # from the queue's list is, for a moment, neither in it nor started.
            if key in self._missing:
                self.queue.put(identity, student)
                count += 1
        self._missing = missing
        return count

    def _sweep_every(self, interval_s: float) -> None:
        while not self._closing.wait(interval_s):
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 - a database or Redis hiccup: next round
                continue

    def enqueue(self, stored: Stored) -> None:
        """Hand a stored submission to the queue. A queue that is down loses nothing: the
        row is stored, and the sweeper hands it over once the queue is back."""
        try:
            self.queue.put(stored.id, stored.student)
        except Exception:  # noqa: BLE001 - Redis down or failing over: the sweeper retries
            log.warning("the queue did not take %s; the sweeper will hand it over", stored.id)

    def enqueue_many(self, rows: list[Stored]) -> None:
        """A batch: in chunks where the queue takes them (a job per chunk, not per file)."""
        from .rq_queue import CHUNK, RedisQueue

        if isinstance(self.queue, RedisQueue):
            identities = [row.id for row in rows]
            try:
                jobs = self.queue.put_many(identities)
            except Exception:  # noqa: BLE001 - as in enqueue: stored, the sweeper retries
                log.warning("the queue did not take a batch; the sweeper will hand it over")
                return
            for index, job in enumerate(jobs):
                self.store.set_job(identities[index * CHUNK : (index + 1) * CHUNK], job)
        else:
            for row in rows:
                self.enqueue(row)

    def close(self) -> None:
        self._closing.set()
        self._sweeper.join()
        self.queue.close()
        if self._grader is not None:
            self._grader.close()
        self.jobe.close()
        self.scores.close()
        if self.sandbox is not None:
            self.sandbox.close()
        self.database.close()

    def _in_flight(self, run: Callable[[str], object]) -> Callable[[str], object]:
        gauge = self.metrics.in_flight

        def counted(identity: str) -> object:
            with gauge.track_inprogress():
                return run(identity)

        return counted

    def _workers_alive(self) -> float:
        from .rq_queue import RedisQueue

        if isinstance(self.queue, RedisQueue):
            return float(self.queue.workers())
        return float(self.options.workers)
