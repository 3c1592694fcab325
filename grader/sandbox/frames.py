"""What arrives from a child during one exchange: the heads of its output streams (read as
they come, and to their end once it has ended), and the bytes of the result frame, judged
whole, incomplete or forged."""

from __future__ import annotations

import os
import selectors
import time
from collections.abc import Mapping
from typing import Final

from ..protocol import HEADER, MAX_FRAME_BYTES, ProtocolViolation, Reply, decode_reply
from .base import Termination

OUTPUT_HEAD: Final = 4096  # bytes of stdout and of stderr kept per call for the report
STDOUT, STDERR = 0, 1


class Output:
    """What one stream printed during one exchange: the head (`kept` bytes of it), and how
    much in all."""

    def __init__(self, kept: int | None = None) -> None:
        self.head = bytearray()
        self.total = 0
        self._kept = OUTPUT_HEAD if kept is None else kept

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = self._kept - len(self.head)
        if room > 0:
            self.head += data[:room]


def complete(frame: bytearray) -> Reply | Termination | None:
    """The reply `frame` holds once it is whole; None while it is not; how the exchange ends
    if the bytes cannot be a frame the runner sent (then the program wrote them)."""
    if len(frame) < HEADER.size:
        return None
    (length,) = HEADER.unpack_from(frame)
    if length > MAX_FRAME_BYTES:
        if len(frame) == HEADER.size:
            return None  # a real frame's body follows its header at once
        # Every frame a runner or driver sends is a JSON object: bytes the program wrote
        # to the channel itself only look like a header announcing a huge frame.
        return Termination.FRAME_LIMIT if frame[HEADER.size] == ord("{") else Termination.PROTOCOL
    if len(frame) < HEADER.size + length:
        return None
    if len(frame) > HEADER.size + length:
        return Termination.PROTOCOL  # more than one frame for one request: forged
    try:
        return decode_reply(bytes(frame[HEADER.size :]))
    except ProtocolViolation:
        return Termination.PROTOCOL


def read_available(fd: int, selector: selectors.BaseSelector) -> bytes:
    """What stream `fd` holds now (a bounded amount: the supervisor looks at its limits
    between reads); at the stream's end, `fd` leaves `selector`."""
    chunks = []
    while True:
        try:
            data = os.read(fd, 65536)
        except (BlockingIOError, InterruptedError):
            break
        except OSError:
            data = b""
        if not data:
            if fd in selector.get_map():
                selector.unregister(fd)
            break
        chunks.append(data)
        if len(chunks) >= 16:  # let the loop look at limits before reading more
            break
    return b"".join(chunks)


def drained(
    streams: Mapping[int, int],
    selector: selectors.BaseSelector,
    outputs: tuple[Output, Output],
    cap_bytes: int,
    within_s: float,
) -> bool:
    """What a child that ended by itself printed last, read to its streams' end (an
    engine's attached stream ends a moment after its container), for `within_s` at most;
    whether the output went over `cap_bytes`. `streams` maps a descriptor to its output
    (STDOUT, STDERR); those still in `selector` are read."""
    deadline = time.monotonic() + within_s
    with selectors.DefaultSelector() as waiting:
        for fd in streams:
            if fd in selector.get_map():
                waiting.register(fd, selectors.EVENT_READ)
        while waiting.get_map() and (left := deadline - time.monotonic()) > 0:
            for key, _ in waiting.select(left):
                outputs[streams[key.fd]].add(read_available(key.fd, selector))
                if key.fd not in selector.get_map():  # its end
                    waiting.unregister(key.fd)
            if outputs[0].total + outputs[1].total > cap_bytes:
                return True
    return False
