"""A student's runs per minute on their own input, in this process."""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque
from typing import Final

WINDOW_S: Final = 60.0


class RunBudget:
    """Runs per student per minute, in this process: a student's clicks, not a class's
    load, which the run slots bound (Service.own_runs)."""

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
