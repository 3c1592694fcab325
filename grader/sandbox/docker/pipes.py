"""An interaction between two containers (sandbox/interaction.py): an engine's container
takes no descriptor from the grader, so the two sides meet at FIFOs on the host, each bound
into both containers, in a folder only root can reach.

Opening a FIFO for reading waits for a writer; for writing, it waits for a reader, which the
grader's watches always are. So each side opens its output (at once), then its input (once
the other side opened its output, its first step), then meets the other at a third FIFO,
`ready`, which no watch holds: each open there waits for the other side's. Only then does
either side become its program. Without that meeting, a peer could write its whole answer
and close its output before the program opened its input, which would then wait forever for
a writer that came and went (seen under load: a validator that closes its output at once)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from ...limits import Limits
from ..base import Child, Interaction, Program
from ..interaction import Starter, interact

# What each side's shell does before it becomes the program: the two differ only in which
# end of `ready` they open.
PROGRAM_REDIRECT: Final = 'exec > .grader-out < .grader-in && : < .grader-ready && exec "$@"'
PEER_REDIRECT: Final = 'exec > .grader-out < .grader-in && : > .grader-ready && exec "$@"'
BuildStarter = Callable[[Program, Limits, str, tuple[tuple[str, str], ...]], Child]


def interact_in_containers(
    build: BuildStarter,
    shell: str,
    program: Program,
    limits: Limits,
    peer: Program,
    peer_limits: Limits,
    artifacts: tuple[str, ...],
) -> Interaction:
    """`build(program, limits, output dir, pipes)` starts one side's container."""
    folder = tempfile.mkdtemp(prefix="grader-pipes-")
    try:
        to_peer, to_program, ready = (
            os.path.join(folder, name) for name in ("to-peer", "to-program", "ready")
        )
        for fifo in (to_peer, to_program, ready):
            os.mkfifo(fifo)
            os.chmod(fifo, 0o666)  # each side runs as a uid of its own

        def starter(
            side: Program, side_limits: Limits, reads: str, writes: str, redirect: str
        ) -> Starter:
            wrapped = replace(
                side,
                argv=(shell, "-c", redirect, "grader-pipe", *side.argv),
                runtime_dirs=tuple(sorted({*side.runtime_dirs, "/usr"})),
            )
            pipes = ((reads, ".grader-in"), (writes, ".grader-out"), (ready, ".grader-ready"))
            return lambda stdio, output: build(wrapped, side_limits, output, pipes)

        return interact(
            starter(program, limits, to_program, to_peer, PROGRAM_REDIRECT),
            limits,
            starter(peer, peer_limits, to_peer, to_program, PEER_REDIRECT),
            peer_limits,
            artifacts,
            # Opened before either side: they never read, and each hangs up once its side
            # (and all it started) closed its FIFO, which its container outlives by a moment.
            output_watches=(_watch(to_program), _watch(to_peer)),
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _watch(fifo: str) -> int:
    return os.open(fifo, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
