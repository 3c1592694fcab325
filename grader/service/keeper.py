"""One thread per grader that does, for every submission it is grading, what must happen
while the judge works: write the tests' events (those finished within EVENT_BATCH_S of each
other share a write, and none waits for a later test), and renew the lease every third of
LEASE_S. Nothing is started per submission."""

from __future__ import annotations

import threading
import time
from typing import Final

from ..judge import student_test
from ..reports.json_report import test_document
from ..results import TestResult
from .store import Store

# A grader holds a claimed submission this long, renewing it every third of it while it
# grades; one that died stops renewing, and a sweeper queues the submission again.
LEASE_S: Final = 5.0
EVENT_BATCH_S: Final = 0.05


class Held:
    """What the keeper holds of one submission: the claim it grades under (its attempt),
    its tests' events not written yet, and whether the claim was lost."""

    def __init__(self, identity: str, attempt: int) -> None:
        self.identity = identity
        self.attempt = attempt
        self.pending: list[tuple[int, object, object]] = []
        self.number = 0
        self.lost = False


class Keeper:
    def __init__(self, store: Store) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._writing = threading.Lock()  # held while the thread writes what it took
        self._held: dict[str, Held] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def hold(self, identity: str, attempt: int) -> Held:
        with self._lock:
            held = self._held[identity] = Held(identity, attempt)
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._loop, name="grader-keeper", daemon=True
                )
                self._thread.start()
        return held

    def add(self, held: Held, test: TestResult) -> None:
        """A test has finished: its event is written within EVENT_BATCH_S."""
        with self._lock:
            held.number += 1
            held.pending.append(
                (held.number, test_document(test), test_document(student_test(test)))
            )

    def release(self, held: Held) -> None:
        """Stop renewing and write what is left: before the result is stored."""
        with self._lock:
            self._held.pop(held.identity, None)
            pending, held.pending = held.pending, []
        with self._writing:  # what the thread took of it is written first
            self._store.add_events(held.identity, held.attempt, pending)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _loop(self) -> None:
        renewed = time.monotonic()
        while not self._stop.wait(EVENT_BATCH_S):
            with self._writing:
                with self._lock:
                    writes = [(h, h.pending) for h in self._held.values() if h.pending]
                    for held in self._held.values():
                        held.pending = []
                    due = time.monotonic() - renewed >= LEASE_S / 3
                    renewing = list(self._held.values()) if due else []
                self._write(writes, renewing)
            if renewing:
                renewed = time.monotonic()

    def _write(
        self, writes: list[tuple[Held, list[tuple[int, object, object]]]], renewing: list[Held]
    ) -> None:
        try:
            for held, pending in writes:
                self._store.add_events(held.identity, held.attempt, pending)
            for held in renewing:
                if not self._store.renew(held.identity, held.attempt, LEASE_S):
                    held.lost = True  # another attempt has it: nothing of ours is written
        except Exception:  # noqa: BLE001 - a database hiccup: the next round tries again
            return
