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
    output_watch: int | None = None,
) -> Interaction:
    """Start both sides connected by two pipes and supervise each to its end. A backend
    that connects the sides its own way (FIFOs) hands over `output_watch`, a descriptor it
    opened to read the program's output to the peer, which is never read: closed here."""
    to_peer = os.pipe()
    to_program = os.pipe()
    folders = [tempfile.mkdtemp(prefix="grader-pair-") for _ in range(2)]
    try:
        children = _started(start, start_peer, to_peer, to_program, folders, peer_limits)
    except BaseException:
        _close(*([] if output_watch is None else [output_watch]))
        raise
    # Watched without reading: the peer's input hangs up once every writer of it is gone.
    output_gone = os.dup(to_peer[0]) if output_watch is None else output_watch
    # Only the two sides hold the pipes now: one's end is the other's end of input.
    _close(*to_peer, *to_program)
    stamps = _EndStamps(children[0].exit_fd, children[1].exit_fd, output_gone)
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
        # Seen in the same look (a watcher held up on a busy machine), the two ends cannot
        # be ordered: the validator's, which answers the submission's, is taken for second.
        return Interaction(outcome, peer_outcome, made, peer_end < end)
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
    """The moment each side's exit descriptor turned readable, watched from a thread of its
    own on copies of the descriptors (the supervisors close theirs)."""

    def __init__(self, peer_exit: int | None, exit: int | None, output_gone: int | None) -> None:
        exits = (peer_exit, exit)
        # A side with no exit descriptor was gone before it could be opened (a container's
        # pid reads 0 once it exited): it ended before anything was watched. Where neither
        # has one (a kernel without pidfd), the supervisors' own ends are compared.
        self._gone = {side for side, fd in enumerate(exits) if fd is None}
        if len(self._gone) == len(exits):
            self._gone = set()
        self._watched = {os.dup(fd): side for side, fd in enumerate(exits) if fd is not None}
        # The program's output to the peer, read by nobody here: it hangs up (POLLHUP, asked
        # for by no event at all) when the program, and all it started, can no longer write.
        self._output_gone = output_gone
        self._stamps: dict[int, float] = {}
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        poller = select.poll()
        waiting = dict(self._watched)
        for fd in waiting:
            poller.register(fd, select.POLLIN)
        if self._output_gone is not None:
            waiting[self._output_gone] = 1
            poller.register(self._output_gone, 0)
        while waiting and not self._done.is_set():
            ready = poller.poll(50)
            now = time.monotonic()
            for fd, _ in ready:
                if fd not in waiting:  # the output's watch, dropped with the peer's end
                    continue
                side = waiting.pop(fd)
                poller.unregister(fd)
                self._stamps.setdefault(side, now)
                if side == 0:
                    # Held no longer than the peer lives: a program writing after the peer
                    # left must meet a closed pipe, as it would without this watch.
                    self._drop_output_watch(waiting, poller)

    def _drop_output_watch(self, waiting: dict[int, int], poller: select.poll) -> None:
        if self._output_gone is not None:
            if self._output_gone in waiting:
                del waiting[self._output_gone]
                poller.unregister(self._output_gone)
            os.close(self._output_gone)
            self._output_gone = None

    def stop(self) -> dict[int, float]:
        """Side (0: the peer, 1: the program) -> when it ended, where that was seen."""
        self._done.set()
        self._thread.join()
        _close(*self._watched)
        if self._output_gone is not None:
            os.close(self._output_gone)
        return self._stamps | {side: -math.inf for side in self._gone}


def _close(*descriptors: int) -> None:
    for descriptor in descriptors:
        os.close(descriptor)
