"""Two programs talking over pipes, each in a sandbox of its own: what an interactive
problem's run is (the submission and the package's validator). Each side's stdout is the
other's stdin; neither sees the other's files, uid or processes. Both are supervised at
once, each under its own limits, and ended together.

Which side ended first decides a verdict (a validator that rejects and leaves first makes a
wrong answer of whatever the submission does after): each side's end is stamped the moment
its exit descriptor turns readable, not when its supervisor gets round to it. The program
has also ended, for this, once nothing of it can write to the peer any more: a sandbox's
wrapper outlives the program it ran by a moment, in which the peer may read the end of its
input and reject, and a verdict must not depend on that moment."""

from __future__ import annotations

import contextlib
import math
import os
import select
import shutil
import tempfile
import threading
import time
from collections.abc import Callable

from ..limits import Limits
from .base import Child, Interaction, RunOutcome
from .files import read_artifact
from .supervisor import Supervisor

# (stdin, stdout) descriptors for the side, and its writable out/ directory.
Starter = Callable[[tuple[int, int], str], Child]


def interact(
    start: Starter,
    limits: Limits,
    start_peer: Starter,
    peer_limits: Limits,
    artifacts: tuple[str, ...],
    output_watches: tuple[int, int] | None = None,
) -> Interaction:
    """Start both sides connected by two pipes and supervise each to its end. A backend
    that connects the sides its own way (FIFOs) hands over `output_watches`: descriptors it
    opened to read (the peer's output, the program's output), which are never read and are
    closed here."""
    to_peer = os.pipe()
    to_program = os.pipe()
    folders = [tempfile.mkdtemp(prefix="grader-pair-") for _ in range(2)]
    try:
        children = _started(start, start_peer, to_peer, to_program, folders, peer_limits)
    except BaseException:
        _close(*(output_watches or ()))
        raise
    # Watched without reading: each side's output hangs up once every writer of it is gone.
    watches = output_watches or (os.dup(to_program[0]), os.dup(to_peer[0]))
    # Only the two sides hold the pipes now: one's end is the other's end of input.
    _close(*to_peer, *to_program)
    stamps = _EndStamps((children[0].exit_fd, children[1].exit_fd), watches)
    peer, program = Supervisor(children[0], peer_limits), Supervisor(children[1], limits)
    ended: dict[str, tuple[RunOutcome, float]] = {}

    def watch(name: str, side: Supervisor, wall_s: float) -> None:
        try:
            ended[name] = (side.exchange(None, wall_s), time.monotonic())
        finally:
            side.kill()

    watcher = threading.Thread(target=watch, args=("peer", peer, peer_limits.wall_s))
    watcher.start()
    try:
        watch("program", program, limits.wall_s)
    finally:
        watcher.join()
        stamped = stamps.stop()
    try:
        peer_outcome, peer_end = ended["peer"]
        outcome, end = ended["program"]
        peer_end, end = stamped.get(0, peer_end), stamped.get(1, end)
        files = {name: read_artifact(folders[1], name) for name in artifacts}
        made = {name: content for name, content in files.items() if content is not None}
        return Interaction(outcome, peer_outcome, made, peer_end < end, peer_end == end)
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def _started(
    start: Starter,
    start_peer: Starter,
    to_peer: tuple[int, int],
    to_program: tuple[int, int],
    folders: list[str],
    peer_limits: Limits,
) -> list[Child]:
    """[the peer, the program], started on the two pipes; nothing left behind if one
    cannot be."""
    children: list[Child] = []
    try:
        for folder in folders:
            os.chmod(folder, 0o777)  # each side runs as an unprivileged uid
        children.append(start_peer((to_peer[0], to_program[1]), folders[1]))
        children.append(start((to_program[0], to_peer[1]), folders[0]))
    except BaseException:
        _close(*to_peer, *to_program)
        for child in children:
            Supervisor(child, peer_limits).kill()
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)
        raise
    return children


class _EndStamps:
    """The moment each side ended, watched from a thread of its own: its exit descriptor
    turned readable (copies of the descriptors: the supervisors close theirs), or its output
    hung up (POLLHUP, asked for by no event at all, on a descriptor read by nobody): the
    side, and all it started, can no longer write. A sandbox's wrapper outlives the program
    it ran by a moment; the hang-up does not."""

    def __init__(self, exits: tuple[int | None, int | None], outputs: tuple[int, int]) -> None:
        # A side with no exit descriptor was gone before it could be opened (a container's
        # pid reads 0 once it exited): it ended before anything was watched. Where neither
        # has one (a kernel without pidfd), the supervisors' own ends are compared.
        self._gone = {side for side, fd in enumerate(exits) if fd is None}
        if len(self._gone) == len(exits):
            self._gone = set()
        self._watched = {os.dup(fd): side for side, fd in enumerate(exits) if fd is not None}
        self._outputs: dict[int, int] = dict(enumerate(outputs))  # side -> its output
        self._stamps: dict[int, float] = {}
        self._first_look: float | None = None
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        # Ahead of the machine's other work where the grader may say so: a watcher held up
        # sees both ends in one look, and then cannot order them.
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), -10)
        poller = select.poll()
        waiting = dict(self._watched)
        for fd in waiting:
            poller.register(fd, select.POLLIN)
        for side, fd in self._outputs.items():
            waiting[fd] = side
            poller.register(fd, 0)
        while waiting and not self._done.is_set():
            ready = poller.poll(50)
            now = time.monotonic()
            if self._first_look is None:
                self._first_look = now
            for fd, _ in ready:  # every end seen in this look is stamped alike
                side = waiting.pop(fd)
                poller.unregister(fd)
                self._stamps.setdefault(side, now)
            for side in list(self._stamps):
                # The other side's output is held no longer than this side, its reader,
                # lives: writing after it left must meet a closed pipe, as without a watch.
                if 1 - side in self._outputs:
                    fd = self._outputs.pop(1 - side)
                    if fd in waiting:
                        del waiting[fd]
                        poller.unregister(fd)
                    os.close(fd)

    def stop(self) -> dict[int, float]:
        """Side (0: the peer, 1: the program) -> when it ended, where that was seen."""
        self._done.set()
        self._thread.join()
        _close(*self._watched, *self._outputs.values())
        gone = set(self._gone)
        if gone:
            # A side seen ended at the first look may have ended before the gone one: the
            # two cannot be ordered (a whole conversation over while a container started).
            gone |= {side for side, when in self._stamps.items() if when == self._first_look}
        return self._stamps | {side: -math.inf for side in gone}


def _close(*descriptors: int) -> None:
    for descriptor in descriptors:
        os.close(descriptor)
