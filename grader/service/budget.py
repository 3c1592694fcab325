"""A student's runs on their own input, in this process: how many a minute, and how many at
once."""

from __future__ import annotations

import contextlib
import threading
import time
from collections import defaultdict, deque
from collections.abc import Iterator
from typing import Final

WINDOW_S: Final = 60.0


class RunBudget:
    """Runs per student per minute, in this process: a student's clicks, not a class's
    load, which the run slots bound (RunSlots)."""

    def __init__(self, per_minute: int) -> None:
        self._per_minute = per_minute
        self._lock = threading.Lock()
        self._times: defaultdict[str, deque[float]] = defaultdict(deque)

    def take(self, student: str) -> bool:
        now = time.monotonic()
        with self._lock:
            times = self._times[student]
            while times and times[0] <= now - WINDOW_S:
                times.popleft()
            if len(times) >= self._per_minute:
                return False
            times.append(now)
            return True


class RunsBusy(Exception):
    """No run now: `reason` for the student, `retry_after_s` for the Retry-After header."""

    def __init__(self, reason: str, retry_after_s: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after_s = retry_after_s


class RunSlots:
    """How many runs on students' own inputs go on at once, in slots of their own (a
    hand-in and a Jobe run never wait here, nor a run for them): one per student at a time,
    and a run that finds no free slot within `wait_s` is refused, not queued, so a few
    slow runs (a build that burns its whole CPU limit) cannot make a class wait."""

    def __init__(self, capacity: int, wait_s: float) -> None:
        self._slots = threading.BoundedSemaphore(max(capacity, 1))
        self._wait_s = wait_s
        self._lock = threading.Lock()
        self._running: set[str] = set()

    @contextlib.contextmanager
    def hold(self, student: str) -> Iterator[None]:
        """A slot for `student`'s run while the block runs; RunsBusy when the student has
        one going already, or when no slot frees up within the wait."""
        with self._lock:
            if student in self._running:
                raise RunsBusy("one run at a time: your last run is still going", 2)
            self._running.add(student)
        try:
            if not self._slots.acquire(timeout=self._wait_s):
                raise RunsBusy("every run slot is busy: try again in a moment", 5)
            try:
                yield
            finally:
                self._slots.release()
        finally:
            with self._lock:
                self._running.discard(student)

    def running(self, student: str) -> bool:
        with self._lock:
            return student in self._running
