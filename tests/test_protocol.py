from __future__ import annotations

import json

import pytest

from grader.protocol import (
    Foreign,
    ProtocolViolation,
    ReplyKind,
    SetOf,
    decode_reply,
    encode_batch,
    encode_request,
)


def frame(document: object) -> bytes:
    return json.dumps(document).encode()


def test_request_is_length_prefixed_json_with_an_id() -> None:
    data = encode_request((4, "é"), 7)
    assert int.from_bytes(data[:4], "big") == len(data) - 4
    assert json.loads(data[4:]) == {"id": 7, "args": [4, "é"]}
    assert "é".encode() in data  # raw UTF-8: drivers decode only control characters


def test_a_batch_asks_for_several_calls_and_its_values_come_in_one_frame() -> None:
    data = encode_batch([(1, "a"), (2, "b")], 9)
    assert json.loads(data[4:]) == {"id": 9, "batch": [[1, "a"], [2, "b"]]}
    reply = decode_reply(frame({"id": 9, "kind": "values", "values": [[[0]], 3, {"set": []}]}))
    assert reply.kind is ReplyKind.VALUES and reply.request_id == 9
    assert reply.values == (((0,),), 3, SetOf(()))


def test_a_reply_carries_the_id_it_echoes() -> None:
    reply = decode_reply(frame({"id": 3, "kind": "value", "value": [[0]]}))
    assert reply.request_id == 3
    with pytest.raises(ProtocolViolation):
        decode_reply(frame({"id": "3", "kind": "value", "value": []}))


def test_value_frames_decode_to_plain_values() -> None:
    reply = decode_reply(
        frame(
            {
                "kind": "value",
                "value": [[1, 3, 0, 2], {"set": [1]}, {"type": "bool", "repr": "True"}],
            }
        )
    )
    assert reply.kind is ReplyKind.VALUE
    assert reply.value == ((1, 3, 0, 2), SetOf((1,)), Foreign("bool", "True"))


@pytest.mark.parametrize(
    "payload",
    [
        b"\xff\xfe",  # not UTF-8
        b"[1, 2",  # not JSON
        b"[" * 100_000 + b"]" * 100_000,  # deeper than the parser's recursion
        frame([1, 2]),  # not an object
        frame({"kind": "verdict", "value": "AC"}),  # kinds are a closed set
        frame({"kind": "value"}),
        frame({"kind": "value", "value": 1.5}),  # floats never come from the runner
        frame({"kind": "value", "value": True}),
        frame({"kind": "value", "value": {"verdict": "AC"}}),
        frame({"kind": "value", "value": [[[[[[[[[[[1]]]]]]]]]]]}),
        frame({"kind": "value", "value": [[[[[[[[[[[]]]]]]]]]]]}),
        frame({"kind": "value", "value": [[1, 2], [3, True]]}),  # a bool among rows of ints
        frame({"kind": "value", "value": [[1, 2], [3, None]]}),
        frame({"kind": "value", "value": [[1, 2], [3, 1.5]]}),
        frame({"kind": "value", "value": [[1], [{"verdict": "AC"}]]}),
        frame({"kind": "error", "type": 5}),
        frame({"kind": "values", "values": {"0": 1}}),  # values come as a list
        frame({"kind": "values"}),
        frame({"kind": "values", "values": [1, 1.5]}),  # each value as strict as one alone
        frame({"kind": "values", "values": [1], "value": 1}),  # fields never sent together
    ],
)
def test_anything_malformed_is_a_protocol_violation(payload: bytes) -> None:
    with pytest.raises(ProtocolViolation):
        decode_reply(payload)


def test_rows_of_ints_decode_like_any_other_value() -> None:
    rows = [[1, 3, 0, 2], [2, 0, 3, 1], [], ["a", 7]]
    reply = decode_reply(frame({"kind": "value", "value": rows}))
    assert reply.value == tuple(tuple(row) for row in rows)
    assert all(type(row) is tuple for row in reply.value)  # type: ignore[union-attr]
    mixed = decode_reply(frame({"kind": "value", "value": [[1], {"set": [2]}, 3]}))
    assert mixed.value == ((1,), SetOf((2,)), 3)


def test_long_texts_are_capped() -> None:
    reply = decode_reply(frame({"kind": "error", "type": "E", "message": "x" * 100_000}))
    assert len(reply.message) < 3000
