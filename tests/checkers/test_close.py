"""`float`, table-driven: numbers within 1e-6 (absolute or relative) pass, in lists too."""

from __future__ import annotations

import pytest

from grader.checkers import CHECKERS
from grader.protocol import Foreign

CASES = [
    # expected, actual (as the wire decodes it), passed, words the message must hold
    (0.25, Foreign("float", "0.2500000001"), True, "correct"),
    (2.0, 2, True, "correct"),
    (1e12, Foreign("float", "1000000000100.0"), True, "correct"),
    (0.25, Foreign("float", "0.26"), False, "expected 0.25, got 0.26 (more than 1e-06 apart)"),
    ([1.5, 2.5], (Foreign("float", "1.5"), Foreign("float", "2.6")), False, "at [1]: expected 2.5"),
    ([1.5, 2.5], (Foreign("float", "1.5"),), False, "expected 2 items, got 1"),
    (0.5, Foreign("bool", "True"), False, "expected 0.5, got true"),
    (0.5, Foreign("NoneType"), False, "where an int, float, bool, str or list was expected"),
]


@pytest.mark.parametrize(("expected", "actual", "passed", "words"), CASES)
def test_close(expected, actual, passed, words) -> None:
    result = CHECKERS["float"].check({}, expected, actual)
    assert result.passed is passed, result.message
    assert words in result.message
    if not passed:
        assert result.hint and "0." not in result.hint
