"""A run's program files as anonymous in-memory files, handed to the warm runner with the
run's request; a large one written once for all the runs that hand over the same bytes."""

from __future__ import annotations

import fcntl
import os
import threading
from collections import OrderedDict
from typing import Final

# Program files at least this large are written once and shared by the runs (SharedFiles).
SHARED_FILE_BYTES: Final = 64 * 2**10
SHARED_FILES_MAX: Final = 16
SHARED_BYTES_MAX: Final = 256 * 2**20


def memfd(name: str, content: bytes, sealed: bool = False) -> int:
    """A program file as an anonymous in-memory file: nothing of a run touches the host's
    disk, so nothing is left behind if the grader is killed. `sealed`: no one may change it
    any more, so that runs can share it."""
    flags = os.MFD_CLOEXEC | (os.MFD_ALLOW_SEALING if sealed else 0)
    fd = os.memfd_create(f"grader-{name}", flags)
    view = memoryview(content)
    while view:
        view = view[os.write(fd, view) :]
    if sealed:
        seals = fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_WRITE | fcntl.F_SEAL_SEAL
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, seals)
    return fd


class SharedFiles:
    """Large program files written once for all the runs that hand over the same bytes (a
    compiled program, run on every test): a 2 MB static binary costs about 0.8 ms to write.
    The files are sealed; each run is given a descriptor of its own. Thread-safe."""

    def __init__(self, max_bytes: int = SHARED_BYTES_MAX) -> None:
        self._max_bytes = max_bytes
        self._lock = threading.Lock()
        # id(content): (content, fd), least recently used first; the content is held so
        # that its id cannot be another's while the entry lives.
        self._files: OrderedDict[int, tuple[bytes, int]] = OrderedDict()
        self._bytes = 0

    def open(self, name: str, content: bytes) -> int:
        """A descriptor of `content` as a file, for one run to close."""
        if not SHARED_FILE_BYTES <= len(content) <= self._max_bytes:
            # Small, or larger than all that is kept (kept, it would be evicted at once and
            # its descriptor closed before it is duplicated): written for this run alone.
            return memfd(name, content)
        with self._lock:
            found = self._files.get(id(content))
            if found is not None and found[0] is content:
                self._files.move_to_end(id(content))
                return os.dup(found[1])
            fd = memfd(name, content, sealed=True)
            self._files[id(content)] = (content, fd)
            self._bytes += len(content)
            while self._bytes > self._max_bytes or len(self._files) > SHARED_FILES_MAX:
                _, (evicted, evicted_fd) = self._files.popitem(last=False)
                self._bytes -= len(evicted)
                os.close(evicted_fd)
            return os.dup(fd)

    def close(self) -> None:
        with self._lock:
            for _, fd in self._files.values():
                os.close(fd)
            self._files.clear()
            self._bytes = 0
