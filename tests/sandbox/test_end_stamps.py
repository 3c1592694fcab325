"""Which side of an interaction ended first, from descriptors alone (pure: pipes stand for a
side's exit descriptor and its output)."""

from __future__ import annotations

import math
import os

from grader.sandbox.interaction import _EndStamps


def _ended_pipe() -> int:
    """The read end of a pipe whose writer is gone: readable and hung up at once."""
    read, write = os.pipe()
    os.write(write, b"x")
    os.close(write)
    return read


def test_a_side_gone_before_the_watch_and_one_ended_by_the_first_look_ended_together() -> None:
    """The program's container was gone before its pid could be opened (-inf), and the
    validator had ended too by the first look: the two cannot be ordered, so neither is
    said to be first (it was: the validator rejected, then the program read its input's end)."""
    stamps = _EndStamps((_ended_pipe(), None), (_ended_pipe(), _ended_pipe()))
    ended = stamps.stop()
    assert ended[0] == ended[1] == -math.inf
