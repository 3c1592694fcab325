"""A build container's output as it is printed: the engine's attach stream (both of the
container's streams, multiplexed in frames of an 8-byte header and a payload) split by a
thread into two pipes, which the supervisor reads as it reads a process's. So a flood is
seen as it happens and stopped at the output limit (OLE), as on the process backend, and
not read back from the engine's log once the run has ended (where it was only cut).

The thread never waits on the supervisor: what a pipe cannot take yet is kept (up to
`kept` bytes more than the supervisor has read, the rest dropped once it has been counted
past the limit), so the engine can always hand over a container's output and end it."""

from __future__ import annotations

import contextlib
import os
import select
import socket
import struct
import threading
from typing import TYPE_CHECKING, Final

from ...errors import SandboxError
from ..frames import STDERR, STDOUT

if TYPE_CHECKING:
    from docker.models.containers import Container

HEADER: Final = struct.Struct(">BxxxL")  # stream (1 stdout, 2 stderr), payload size
STREAM_OF: Final = {1: STDOUT, 2: STDERR}
CHUNK: Final = 65536


class AttachedOutput:
    """Attached before the container starts, so nothing it prints is missed. `kept`: how
    much may wait for the supervisor (more than the run's output limit)."""

    def __init__(self, container: Container, kept: int) -> None:
        from docker.errors import DockerException

        try:
            attached = container.attach_socket(params={"stdout": 1, "stderr": 1, "stream": 1})
        except DockerException as error:
            raise SandboxError(f"cannot attach to the container's output: {error}") from error
        # The SDK hands over its HTTP connection's socket, wrapped: each is closed at the end.
        self._attached = attached
        self._socket: socket.socket = getattr(attached, "_sock", attached)
        self._socket.setblocking(False)
        out_read, out_write = os.pipe()
        err_read, err_write = os.pipe()
        for writer in (out_write, err_write):
            os.set_blocking(writer, False)
        self.streams = {out_read: STDOUT, err_read: STDERR}
        self._readers = [out_read, err_read]
        self._writers = {STDOUT: out_write, STDERR: err_write}
        self._waiting = {STDOUT: bytearray(), STDERR: bytearray()}
        self._kept = kept
        self._lock = threading.Lock()
        self._stop_read, self._stop_write = os.pipe()
        self._thread = threading.Thread(target=self._pump, name="grader-attached", daemon=True)
        self._thread.start()

    def _pump(self) -> None:
        """Frames from the socket into the pipes until the stream ends, or stop()."""
        frames = bytearray()
        reading = True
        try:
            while reading or any(self._waiting.values()):
                writable = [self._writers[s] for s, data in self._waiting.items() if data]
                readable = [self._stop_read] + ([self._socket.fileno()] if reading else [])
                ready, can_write, _ = select.select(readable, writable, [])
                if self._stop_read in ready:
                    return
                if ready:
                    data = self._socket.recv(CHUNK)
                    reading = bool(data)
                    frames += data
                    self._split(frames)
                for stream, writer in self._writers.items():
                    if writer in can_write:
                        self._flush(stream, writer)
        except OSError:
            pass  # the stream or a pipe was closed under it
        finally:
            for writer in self._writers.values():
                with contextlib.suppress(OSError):
                    os.close(writer)

    def _split(self, frames: bytearray) -> None:
        while len(frames) >= HEADER.size:
            kind, size = HEADER.unpack_from(frames)
            if len(frames) < HEADER.size + size:
                return
            stream = STREAM_OF.get(kind)
            waiting = self._waiting.get(stream) if stream is not None else None
            if waiting is not None and len(waiting) < self._kept:
                waiting += frames[HEADER.size : HEADER.size + size]
            del frames[: HEADER.size + size]

    def _flush(self, stream: int, writer: int) -> None:
        waiting = self._waiting[stream]
        with contextlib.suppress(BlockingIOError):
            del waiting[: os.write(writer, waiting)]

    def close(self) -> None:
        """Once the container is gone (or the supervisor reads no more): the copy ends,
        and every descriptor is closed."""
        with contextlib.suppress(OSError):
            os.write(self._stop_write, b"x")
        self._thread.join(timeout=5)
        with self._lock:
            readers, self._readers = self._readers, []
        for descriptor in [*readers, self._stop_read, self._stop_write]:
            with contextlib.suppress(OSError):
                os.close(descriptor)
        wrappers: list[object] = [getattr(self._attached, "_response", None), self._attached]
        for wrapper in [*wrappers, self._socket]:
            with contextlib.suppress(OSError, AttributeError):
                wrapper.close()  # type: ignore[attr-defined]
