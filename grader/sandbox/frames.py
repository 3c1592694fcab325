"""What arrives from a child during one exchange: the heads of its output streams, and the
bytes of the result frame, judged whole, incomplete or forged."""

from __future__ import annotations

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
