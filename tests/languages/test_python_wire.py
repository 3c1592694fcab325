"""The Python runner's encoding of returned values, tested on the function itself (the
runner starts on a bare interpreter, so it is loaded here from its source)."""

from __future__ import annotations

import json

import pytest

from grader.languages.python import RUNNER
from grader.protocol import Foreign, SetOf, decode_value


@pytest.fixture(scope="module")
def wire():
    source = RUNNER.read_text(encoding="utf-8")
    assert 'if __name__ == "__warm__":\n    warm()\nelse:\n    main()' in source
    # Loaded as a warm runner loads it: everything defined, no run started.
    namespace: dict[str, object] = {"__name__": "__warm__"}
    exec(compile(source, str(RUNNER), "exec"), namespace)
    return lambda value: json.loads(namespace["wire"](value, 0, [namespace["MAX_ITEMS"]]))


@pytest.mark.parametrize(
    ("value", "decoded"),
    [
        ([[1, 3, 0, 2], [2, 0, 3, 1]], ((1, 3, 0, 2), (2, 0, 3, 1))),
        ([[0], []], ((0,), ())),
        ({2, 1}, SetOf((1, 2))),
        ([[1, True]], ((1, Foreign("bool", "True")),)),  # a bool is no int here
        ([[1, 2**70]], ((1, Foreign("int", "too large")),)),
        ([[1, -(2**63)]], ((1, Foreign("int", "too large")),)),
        ([[1, 2**63 - 1]], ((1, 2**63 - 1),)),
        ([[1, -(2**63) + 1]], ((1, -(2**63) + 1),)),
        (((2, 0), [1], ()), ((2, 0), (1,), ())),  # tuples and lists mixed, one item, empty
        ([], ()),
        ([[1, "2"], [3]], ((1, "2"), (3,))),
        ([[1], {2}], ((1,), SetOf((2,)))),
        ([[1, [2]]], ((1, (2,)),)),
    ],
)
def test_rows_of_ints_are_encoded_exactly(wire, value, decoded) -> None:
    result = decode_value(wire(value), 0)
    if isinstance(result, SetOf):
        result = SetOf(tuple(sorted(result.items)))  # type: ignore[type-var]
    assert result == decoded


def test_an_int_subclass_is_named_not_trusted(wire) -> None:
    class Sneaky(int):
        def __repr__(self) -> str:
            return "0"

    assert decode_value(wire([[1, Sneaky(5)]]), 0) == (
        (1, Foreign("Sneaky (a subclass of int)", "")),
    )
