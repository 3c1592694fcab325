"""How the two containers of an interaction meet at their FIFOs (sandbox/docker/pipes.py),
played on the host with the same shell lines: no side may become its program before the
other opened its input, whatever the scheduling, or a fast peer's whole answer could come
and go before the program opened its input, which then waits forever."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.sandbox.docker.pipes import PEER_REDIRECT, PROGRAM_REDIRECT

# What a side does as soon as it can: answer and close its output (a validator that is done).
QUICK_SIDE = ("sh", "-c", "echo answer; exec >&-")


@dataclass(frozen=True)
class Meeting:
    to_peer: Path
    to_program: Path
    ready: Path
    program_side: Path
    peer_side: Path
    program_output: int  # the grader's watch of what the program wrote


@pytest.fixture
def meeting(tmp_path: Path) -> Iterator[Meeting]:
    """The FIFOs as pipes.py makes them, each side's names for them, and the grader's
    watches (readers of both outputs, never of `ready`), held for the test."""
    fifos = {name: tmp_path / name for name in ("to-peer", "to-program", "ready")}
    for fifo in fifos.values():
        os.mkfifo(fifo)
    sides = {"program": ("to-program", "to-peer"), "peer": ("to-peer", "to-program")}
    for side, (reads, writes) in sides.items():
        folder = tmp_path / side
        folder.mkdir()
        (folder / ".grader-in").symlink_to(fifos[reads])
        (folder / ".grader-out").symlink_to(fifos[writes])
        (folder / ".grader-ready").symlink_to(fifos["ready"])
    flags = os.O_RDONLY | os.O_NONBLOCK
    watches = [os.open(fifos[name], flags) for name in ("to-peer", "to-program")]
    yield Meeting(
        fifos["to-peer"],
        fifos["to-program"],
        fifos["ready"],
        tmp_path / "program",
        tmp_path / "peer",
        watches[0],
    )
    for watch in watches:
        os.close(watch)


def _side(redirect: str, folder: Path, *argv: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(["sh", "-c", redirect, "grader-pipe", *argv], cwd=folder)


def _stuck_or_gone(process: subprocess.Popen[bytes]) -> None:
    """Until `process` exited or waits in the kernel for the other end of a FIFO: as far as
    it can go on its own."""
    deadline = time.monotonic() + 30
    wchan = Path(f"/proc/{process.pid}/wchan")
    while process.poll() is None:
        try:
            if wchan.read_text() == "wait_for_partner":
                return
        except OSError:
            continue  # it is exiting
        assert time.monotonic() < deadline, "neither exited nor waiting at a FIFO"
        time.sleep(0.001)  # a poll of the kernel's state, not a wait for time to pass


@pytest.mark.parametrize("real", ["peer", "program"])
def test_no_side_runs_before_the_other_opened_its_input(meeting: Meeting, real: str) -> None:
    """One side's shell run, the other played at its slowest: after each of the played
    side's opens, the real one goes as far as it can before the next."""
    if real == "peer":
        side = _side(PEER_REDIRECT, meeting.peer_side, *QUICK_SIDE)
        played = (meeting.to_peer, meeting.to_program, "rb")  # its output, input, `ready`
    else:
        side = _side(PROGRAM_REDIRECT, meeting.program_side, *QUICK_SIDE)
        played = (meeting.to_program, meeting.to_peer, "wb")
    played_output, played_input, ready_mode = played
    try:
        output = os.open(played_output, os.O_WRONLY)  # the played side's first open
        _stuck_or_gone(side)
        assert side.poll() is None, f"the {real} ran before the other side opened its input"
        with open(played_input, "rb") as received:
            _stuck_or_gone(side)
            assert side.poll() is None, f"the {real} ran before both sides met at `ready`"
            with open(meeting.ready, ready_mode):
                pass
            assert received.read() == b"answer\n"
        os.close(output)
        assert side.wait(timeout=30) == 0
    finally:
        side.kill()
        side.wait()


def test_both_shells_meet_and_the_answer_crosses(meeting: Meeting) -> None:
    program = _side(PROGRAM_REDIRECT, meeting.program_side, "cat")
    peer = _side(PEER_REDIRECT, meeting.peer_side, *QUICK_SIDE)
    assert peer.wait(timeout=30) == 0
    assert program.wait(timeout=30) == 0
    assert os.read(meeting.program_output, 100) == b"answer\n"
