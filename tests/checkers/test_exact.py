"""The `exact` checker, table-driven: equal values pass; anything else says what came back."""

from __future__ import annotations

import pytest

from grader.checkers.base import InvalidAnswer
from grader.checkers.exact import Exact
from grader.protocol import Foreign, SetOf

CASES = [
    # expected, actual (as the wire decodes it), passed, words the message must hold
    (["7", "6"], ("7", "6"), True, "correct"),
    (352, 352, True, "correct"),
    (352, 351, False, "expected 352, got 351"),
    ([[1, 2]], ((2, 1),), False, "at [0][0]: expected 1, got 2"),
    ([1, 2, 3], (1, 2), False, "expected 3 items, got 2: [3] missing"),
    ([[1], [2]], ((1,), (2, 5)), False, "expected 1 items in [1], got 2: [5] extra"),
    ([1], Foreign("bool", "True"), False, "expected [1], got true (a bool, where a list was"),
    (1, Foreign("bool", "True"), False, "expected 1, got true (a bool, where an int was"),
    (True, Foreign("bool", "True"), True, "correct"),
    (False, Foreign("bool", "True"), False, "expected false, got true"),
    (0.5, Foreign("float", "0.5"), True, "correct"),
    ([["a", "b"]], (("a", "c"),), False, 'at [0][1]: expected "b", got "c"'),
    ([1], Foreign("NoneType"), False, "where an int, float, bool, str or list was expected"),
    ([1], SetOf((1,)), False, "returned a set"),
    ("x" * 500, "y", False, "…"),
]


@pytest.mark.parametrize(("expected", "actual", "passed", "words"), CASES)
def test_exact(expected, actual, passed, words) -> None:
    result = Exact().check({}, expected, actual)
    assert result.passed is passed
    assert words in result.message
    if not passed:
        assert result.hint and str(expected)[:20] not in result.hint  # hints hide the answer


def test_a_reference_must_return_plain_data() -> None:
    assert Exact().canonical({}, ((1, "a"), 2)) == [[1, "a"], 2]
    with pytest.raises(InvalidAnswer):
        Exact().canonical({}, Foreign("NoneType"))
