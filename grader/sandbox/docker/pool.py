"""Containers started ahead of the submissions they will run."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from ...limits import Limits
from .containers import Recipe, WarmContainer

if TYPE_CHECKING:
    from docker import DockerClient


class Pool:
    """Containers started ahead of their submissions: taking one costs a frame, not a
    container start. Each is used by one submission and removed; a new one is started in the
    background as one is taken, with the same recipe (a batch's submissions share it)."""

    def __init__(self, client: DockerClient, uids: Callable[[], int], ahead: bool = True) -> None:
        """`uids` gives each container the uid its run will have; `ahead`: start the next
        container while one is used (off: each is started when it is needed)."""
        self._client = client
        self._uids = uids
        self._ahead = ahead
        self._lock = threading.Lock()
        self._ready: dict[Recipe, list[Future[WarmContainer]]] = {}
        self._workers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="grader-docker")

    def take(self, recipe: Recipe, limits: Limits) -> WarmContainer:
        with self._lock:
            waiting = self._ready.setdefault(recipe, [])
            future = waiting.pop(0) if waiting else None
            if self._ahead:
                waiting.append(self._workers.submit(self._start, recipe))  # the next one's
        return future.result() if future is not None else self._start(recipe)

    def _start(self, recipe: Recipe) -> WarmContainer:
        from ...languages.python import runner_source

        return WarmContainer(
            self._client, recipe, runner_source(), self._workers.submit, self._uids()
        )

    def close(self) -> None:
        with self._lock:
            spares = [future for waiting in self._ready.values() for future in waiting]
            self._ready.clear()
        for future in spares:
            with contextlib.suppress(Exception):
                future.result().discard()
        self._workers.shutdown(wait=True)
