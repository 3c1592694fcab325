"""The result channel between the harness and a sandboxed runner.

Each message is one frame: a 4-byte big-endian length, then that many bytes of UTF-8 JSON.
The harness sends `{"id": n, "args": [...]}` (one call) or, to a runner that takes it (the
Python runner), `{"id": n, "batch": [[...], ...]}` (a random test's inputs, one call each);
the runner answers with exactly one frame per request, echoing its id:

    {"kind": "ready"}                                       the submission is loaded
    {"kind": "load_error", "message": str, "line": int|null} it could not be loaded (CE)
    {"kind": "value", "value": WIRE}                        the entry point returned
    {"kind": "values", "values": [WIRE]}                    every call of a batch returned
    {"kind": "error", "type": str, "message": str, "trace": str}   it raised
    {"kind": "too_large", "message": str}                   the value exceeded the caps

A batch's first call that does not return a value is answered as that call alone would be
(an error, too large), the calls after it not made.

WIRE is an int, a str, a list of WIRE (a list or tuple in the submission), `{"set": [WIRE]}`
(a set or frozenset), or `{"type": name, "repr": str}` for anything else (bool, float, None,
subclasses, objects): the runner never lets a submission's own `__eq__` or `__iter__` decide
what the harness sees. Everything here is decoded defensively: a malformed frame is the
submission's fault (`ProtocolViolation`), never the harness's.
"""

from __future__ import annotations

import json
import struct
from dataclasses import dataclass
from enum import StrEnum
from itertools import chain
from typing import Final

MAX_FRAME_BYTES: Final = 4 * 1024 * 1024
MAX_DEPTH: Final = 8
MAX_TEXT: Final = 2000
HEADER: Final = struct.Struct(">I")


class ProtocolViolation(Exception):
    """The child sent something that is not a well-formed frame: a fault of the submission."""


@dataclass(frozen=True, slots=True)
class Foreign:
    """A value the wire does not carry as data (bool, float, None, a subclass, an object)."""

    type_name: str
    text: str = ""

    def describe(self) -> str:
        if self.type_name in ITERATORS:
            return (
                f"a {self.type_name} object ({self.type_name}(...) gives an iterator in "
                "Python 3, as it did not in Python 2: wrap it in list(...))"
            )
        return f"{self.type_name} ({self.text})" if self.text else self.type_name


# What Python 2 code expects to be a list and Python 3 makes lazy.
ITERATORS = frozenset({"map", "filter", "zip", "generator", "dict_keys", "dict_values", "range"})


@dataclass(frozen=True, slots=True)
class SetOf:
    """A set or frozenset returned by the submission, in the order the runner saw it."""

    items: tuple[Value, ...]


Value = int | str | tuple["Value", ...] | SetOf | Foreign


class ReplyKind(StrEnum):
    READY = "ready"
    LOAD_ERROR = "load_error"
    VALUE = "value"
    VALUES = "values"
    ERROR = "error"
    TOO_LARGE = "too_large"


# Error types every runner sends alike, whatever its language calls them: out of memory
# (Python's MemoryError, std::bad_alloc, OutOfMemoryError ...), the program's own exit, and a
# Rust panic.
OUT_OF_MEMORY: Final = "MemoryError"
EXIT_CALLED: Final = "SystemExit"
PANICKED: Final = "panic"


@dataclass(frozen=True, slots=True)
class Reply:
    """One decoded frame from the runner."""

    kind: ReplyKind
    value: Value | None = None
    values: tuple[Value, ...] | None = None  # a batch's, in the order of its calls
    error_type: str = ""
    message: str = ""
    trace: str = ""
    line: int | None = None
    request_id: int | None = None  # the request a reply answers, echoed by the runner


_FIELDS: dict[ReplyKind, frozenset[str]] = {
    ReplyKind.READY: frozenset({"kind"}),
    ReplyKind.LOAD_ERROR: frozenset({"kind", "message", "line"}),
    ReplyKind.VALUE: frozenset({"id", "kind", "value"}),
    ReplyKind.VALUES: frozenset({"id", "kind", "values"}),
    ReplyKind.ERROR: frozenset({"id", "kind", "type", "message", "trace", "line"}),
    ReplyKind.TOO_LARGE: frozenset({"id", "kind", "message"}),
}


def encode_request(args: tuple[object, ...], request_id: int = 0) -> bytes:
    """The frame asking the runner to call the entry point with `args`. Its reply must echo
    `request_id`: a late or forged frame then cannot answer another request."""
    return _encoded({"id": request_id, "args": list(args)})


def encode_batch(calls: list[tuple[object, ...]], request_id: int) -> bytes:
    """The frame asking the runner to call the entry point once with each of `calls`."""
    return _encoded({"id": request_id, "batch": [list(args) for args in calls]})


def _encoded(request: dict[str, object]) -> bytes:
    # Raw UTF-8, not \u escapes: a driver then decodes only the control characters.
    payload = json.dumps(request, separators=(",", ":"), ensure_ascii=False).encode()
    return HEADER.pack(len(payload)) + payload


def decode_reply(payload: bytes) -> Reply:
    """Decode one frame body. Raises ProtocolViolation for anything malformed."""
    try:
        frame = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise ProtocolViolation(f"unreadable frame: {type(error).__name__}") from None
    if not isinstance(frame, dict):
        raise ProtocolViolation("frame is not an object")
    try:
        kind = ReplyKind(str(frame.get("kind")))
    except ValueError:
        raise ProtocolViolation("frame has an unknown kind") from None
    if not set(frame) <= _FIELDS[kind]:
        # A "verdict" or "score" can only come from a forger: the runner never sends one.
        raise ProtocolViolation("frame has fields the runner never sends")
    request_id = frame.get("id")
    if request_id is not None and type(request_id) is not int:
        raise ProtocolViolation("frame has a request id that is not an integer")
    if kind is ReplyKind.VALUE:
        if "value" not in frame:
            raise ProtocolViolation("value frame without a value")
        return Reply(kind, value=decode_value(frame["value"], 0), request_id=request_id)
    if kind is ReplyKind.VALUES:
        values = frame.get("values")
        if type(values) is not list:
            raise ProtocolViolation("values frame without a list of values")
        decoded = tuple(decode_value(value, 0) for value in values)
        return Reply(kind, values=decoded, request_id=request_id)
    line = frame.get("line")
    return Reply(
        kind,
        error_type=_text(frame.get("type", ""), 200),
        message=_text(frame.get("message", ""), MAX_TEXT),
        trace=_text(frame.get("trace", ""), MAX_TEXT),
        line=line if type(line) is int else None,
        request_id=request_id,
    )


_LEAF_TYPES: Final = {int, str}
_LIST_ONLY: Final = {list}


def decode_value(wire: object, depth: int) -> Value:
    """Turn the WIRE form into a Value. Raises ProtocolViolation on anything else."""
    if depth > MAX_DEPTH + 1:
        raise ProtocolViolation("value nested deeper than the runner allows")
    if type(wire) is int or type(wire) is str:
        return wire
    if type(wire) is list:
        if _is_leaf(wire, depth):
            return tuple(wire)  # a list of ints: most answers are lists of these
        if (
            depth < MAX_DEPTH
            and set(map(type, wire)) == _LIST_ONLY
            and set(map(type, chain.from_iterable(wire))) <= _LEAF_TYPES
        ):
            return tuple(map(tuple, wire))  # a list of those, still without a call per item
        return tuple(
            [
                tuple(item) if _is_leaf(item, depth + 1) else decode_value(item, depth + 1)
                for item in wire
            ]
        )
    if type(wire) is dict:
        if set(wire) == {"set"} and type(wire["set"]) is list:
            return SetOf(tuple(decode_value(item, depth + 1) for item in wire["set"]))
        if set(wire) == {"type", "repr"}:
            return Foreign(_text(wire["type"], 200), _text(wire["repr"], 200))
    raise ProtocolViolation("value is not in the wire format")


def _is_leaf(wire: object, depth: int) -> bool:
    """A list of ints and strings, allowed at this depth: decoded without a call per item."""
    if type(wire) is not list or depth > MAX_DEPTH + 1 or (wire and depth > MAX_DEPTH):
        return False  # the items of a list this deep would be too deep themselves
    return set(map(type, wire)) <= _LEAF_TYPES


def _text(value: object, limit: int) -> str:
    if type(value) is not str:
        raise ProtocolViolation("expected a string field")
    return value if len(value) <= limit else value[:limit] + "…"
