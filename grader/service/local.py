"""The embedded queue: worker threads in the service's own process, on its own sandbox (kept
warm from one submission to the next). Fair by student: each worker takes the oldest
submission of the next student in turn, so one student's flood waits behind everyone's first
submission instead of in front of it. A graded submission's flags (flags_owed.py) are found
when no submission waits."""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Callable


class LocalQueue:
    def __init__(
        self, run: Callable[[str], object], find_flags: Callable[[str], object], workers: int
    ) -> None:
        """`run(identity)` grades one submission, `find_flags(identity)` finds its flags;
        `workers` threads call them."""
        self._run = run
        self._find_flags = find_flags
        self._lock = threading.Condition()
        self._by_student: OrderedDict[str, deque[str]] = OrderedDict()
        self._queued: set[str] = set()
        self._flags_owed: deque[str] = deque()
        self._closed = False
        self.failures: list[BaseException] = []
        self._threads = [
            threading.Thread(target=self._work, name=f"grader-worker-{n}", daemon=True)
            for n in range(workers)
        ]
        for thread in self._threads:
            thread.start()

    def keep_owner(self) -> None:
        """In this process: nobody else's to take."""

    def put(self, identity: str, student: str) -> None:
        with self._lock:
            if identity in self._queued:
                return
            self._queued.add(identity)
            self._by_student.setdefault(student, deque()).append(identity)
            self._lock.notify()

    def put_flags(self, identities: list[str]) -> None:
        with self._lock:
            self._flags_owed.extend(identities)
            self._lock.notify()

    def holds(self, identity: str, job: str | None) -> bool:
        with self._lock:
            return identity in self._queued

    def depth(self) -> int:
        with self._lock:
            return len(self._queued)

    def flags_depth(self) -> int:
        with self._lock:
            return len(self._flags_owed)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        for thread in self._threads:
            thread.join()

    def _next(self) -> tuple[str, bool] | None:
        """The next submission, and whether it is to be graded (else: its flags found)."""
        with self._lock:
            while not self._by_student and not self._flags_owed and not self._closed:
                self._lock.wait()
            if self._closed:
                return None
            if not self._by_student:
                return self._flags_owed.popleft(), False
            student, waiting = next(iter(self._by_student.items()))
            identity = waiting.popleft()
            del self._by_student[student]
            if waiting:
                self._by_student[student] = waiting  # to the back of the round
            return identity, True

    def _work(self) -> None:
        while (taken := self._next()) is not None:
            identity, grading = taken
            try:
                if grading:
                    self._run(identity)
                    self.put_flags([identity])
                else:
                    self._find_flags(identity)
            except Exception as error:  # noqa: BLE001 - kept for the health check; next job
                self.failures.append(error)
            finally:
                if grading:
                    with self._lock:
                        self._queued.discard(identity)
