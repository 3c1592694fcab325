"""Two programs talking over pipes, each in a sandbox of its own: what an interactive
problem's run is (the submission and the package's validator). Each side's stdout is the
other's stdin; neither sees the other's files, uid or processes. Both are supervised at
once, each under its own limits, and ended together."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..limits import Limits
from .base import Child, RunOutcome, Termination
from .files import read_artifact
from .supervisor import Supervisor

# (stdin, stdout) descriptors for the side, and its writable out/ directory.
Starter = Callable[[tuple[int, int], str], Child]


@dataclass(frozen=True, slots=True)
class Interaction:
    """How both sides ended; `peer_artifact` is what the peer left at out/ (exit 0 only)."""

    outcome: RunOutcome
    peer_outcome: RunOutcome
    peer_artifact: bytes | None
    peer_ended_first: bool


def interact(
    start: Starter, limits: Limits, start_peer: Starter, peer_limits: Limits, artifact: str
) -> Interaction:
    """Start both sides connected by two pipes and supervise each to its end."""
    to_peer = os.pipe()
    to_program = os.pipe()
    folders = [tempfile.mkdtemp(prefix="grader-pair-") for _ in range(2)]
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
    # Only the two sides hold the pipes now: one's end is the other's end of input.
    _close(*to_peer, *to_program)
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
    try:
        peer_outcome, peer_end = ended["peer"]
        outcome, end = ended["program"]
        succeeded = peer_outcome.termination is Termination.EXITED and peer_outcome.exit_code == 0
        made = read_artifact(folders[1], artifact) if succeeded else None
        return Interaction(outcome, peer_outcome, made, peer_end <= end)
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def _close(*descriptors: int) -> None:
    for descriptor in descriptors:
        os.close(descriptor)
