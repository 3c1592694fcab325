"""Containers started ahead of the submissions they will run: each waits, its launcher
(_launcher.py) connected, until a submission's program is handed to it."""

from __future__ import annotations

import contextlib
import json
import select
import shutil
import signal
import socket
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import closing
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...errors import SandboxError
from ...limits import Limits
from ...protocol import HEADER
from ..base import BARE_PYTHON_FLAGS, START_TIMEOUT_S, Program
from ..files import (
    CHANNEL_NAME,
    write_new,
)
from ..preparation import runner_request
from .child import Engine
from .containers import LAUNCHER, Recipe, create, remove

if TYPE_CHECKING:
    from docker import DockerClient


class WarmContainer(Engine):
    """A run's container, started before its submission is known (_launcher.py waits in
    it), then given its program: one submission's, never another's."""

    def __init__(
        self,
        client: DockerClient,
        recipe: Recipe,
        preload: str,
        later: Callable[[Callable[[], None]], object],
        uid: int,
    ) -> None:
        """`preload`: the Python runner, compiled while the container waits ("" for none);
        `later` runs
        a task in the background (removing the container once its run is over); `uid`: the
        run's own."""
        self._later = later
        self._python = recipe.python
        self._begin()
        listener = self._listen()
        with closing(listener), self._starting():
            command = [recipe.python, *BARE_PYTHON_FLAGS, "-c", LAUNCHER.read_text(), preload]
            container = create(
                client,
                recipe.tag,
                command,
                self._hostdir,
                list(recipe.mounts),
                recipe.memory_mib,
                dict(recipe.ulimits),
                False,
                uid,
                recipe.oci_runtime,
            )
            self._started(container)
            # The channel, stdout, stderr: output arrives on the grader's own kernel before
            # the frame that follows it, as through pipes (the engine's log stream lags).
            self._connections = [self._accept(listener, self.exit_fd) for _ in range(3)]
            self.channel = self._connections[0]
        self.streams = {c.fileno(): index for index, c in enumerate(self._connections[1:])}

    def give(self, argv: tuple[str, ...], program: Program) -> None:
        """Hand over the program; from here on the container is the submission's."""
        try:
            for name, content in program.files:
                write_new(self._hostdir, name, content, (CHANNEL_NAME,))
        except OSError as error:
            raise SandboxError(f"cannot hand the program over: {error}") from error
        # The image's Python runs the Python runner in the launcher itself.
        request = runner_request(replace(program, argv=argv), self._python)
        payload = json.dumps(request).encode()
        try:
            self.channel.sendall(HEADER.pack(len(payload)) + payload)
        except OSError as error:
            raise SandboxError(f"the container's launcher is gone: {error}") from error

    def reap(self) -> tuple[int | None, int | None]:
        if not self._ended():
            # Still running: it is removed (killed with it) in the background, and nothing
            # of it is read any more; a run that ended by itself is asked how (OOM, status).
            return None, signal.SIGKILL
        return super().reap()

    def _dispose(self) -> None:
        container, self._container = self._container, None
        if self._cpu_counter is not None:
            self._cpu_counter.close()
        for connection in self._connections:
            connection.close()
        self._connections = []
        shutil.rmtree(self._hostdir, ignore_errors=True)
        if container is not None:
            self._later(lambda: remove(container))

    def _accept(self, listener: socket.socket, pidfd: int | None) -> socket.socket:
        watched: list[Any] = [listener] + ([pidfd] if pidfd is not None else [])
        ready, _, _ = select.select(watched, [], [], START_TIMEOUT_S)
        if listener not in ready:
            raise SandboxError(
                "the launcher in the container did not connect: is the image up to date? "
                "(`grader image build`)"
            )
        connection, _ = listener.accept()
        return connection


class Pool:
    """Containers started ahead of their submissions: taking one costs a frame, not a
    container start. Each is used by one submission and removed; a new one is started in the
    background as one is taken, with the same recipe (a batch's submissions share it)."""

    def __init__(
        self,
        client: DockerClient,
        uids: Callable[[], int],
        preload: Callable[[], str],
        ahead: bool = True,
    ) -> None:
        """`uids` gives each container the uid its run will have; `preload`, the Python
        runner its container compiles while it waits ("" for none); `ahead`: start the next
        container while one is used (off: each is started when it is needed)."""
        self._client = client
        self._preload = preload
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
        return WarmContainer(
            self._client, recipe, self._preload(), self._workers.submit, self._uids()
        )

    def close(self) -> None:
        with self._lock:
            spares = [future for waiting in self._ready.values() for future in waiting]
            self._ready.clear()
        for future in spares:
            with contextlib.suppress(Exception):
                future.result().discard()
        self._workers.shutdown(wait=True)
