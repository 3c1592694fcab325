"""`unordered` and `unordered-nested`, table-driven: order aside, every item once; the message
names a missing, extra or repeated item, the hint none."""

from __future__ import annotations

import pytest

from grader.checkers import CHECKERS
from grader.checkers.base import InvalidAnswer
from grader.protocol import Foreign

PERMUTATIONS = [[1, 2], [2, 1]]
COMBINATIONS = [[1, 2], [1, 3], [2, 3]]
CASES = [
    # checker, expected, actual (as the wire decodes it), passed, words the message must hold
    ("unordered", PERMUTATIONS, ((2, 1), (1, 2)), True, "all 2 found"),
    ("unordered", PERMUTATIONS, ((1, 2),), False, "1 of 2 missing, e.g. [2, 1]; you returned 1"),
    ("unordered", PERMUTATIONS, ((1, 2), (2, 1), (1, 2)), False, "[1, 2] is returned 2 times"),
    ("unordered", PERMUTATIONS, ((1, 2), (2, 2)), False, "[2, 2] is not an answer"),
    ("unordered", PERMUTATIONS, ((1, 2), (1, 2)), False, "all 2 items are the same, [1, 2]"),
    ("unordered", PERMUTATIONS, 3, False, "expected a list, got 3"),
    ("unordered", PERMUTATIONS, ((), ()), False, "all 2 items are the same, []: is the list"),
    ("unordered", PERMUTATIONS, Foreign("bool", "True"), False, "expected a list, got true"),
    ("unordered", PERMUTATIONS, Foreign("NoneType"), False, "an int, float, bool, str or list"),
    ("unordered-nested", COMBINATIONS, ((3, 2), (1, 3), (2, 1)), True, "all 3 found"),
    ("unordered", COMBINATIONS, ((3, 2), (1, 3), (2, 1)), False, "[2, 1] is not an answer"),
    ("unordered-nested", COMBINATIONS, ((1, 2), (2, 3)), False, "1 of 3 missing, e.g. [1, 3]"),
    ("unordered-nested", COMBINATIONS, (1, 2), False, "every item must be a list; one is 1"),
    ("unordered-nested", COMBINATIONS, ((1, 2), (2, 1), (1, 3), (2, 3)), False, "2 times"),
]


@pytest.mark.parametrize(("name", "expected", "actual", "passed", "words"), CASES)
def test_unordered(name, expected, actual, passed, words) -> None:
    result = CHECKERS[name].check({}, expected, actual)
    assert result.passed is passed, result.message
    assert words in result.message
    if not passed:
        assert result.hint and "[" not in result.hint  # a hidden test's hint has no values


def test_a_references_answer_is_stored_in_one_order() -> None:
    unordered = CHECKERS["unordered"]
    assert unordered.canonical({}, ((2, 1), (1, 2))) == [[1, 2], [2, 1]]
    nested = CHECKERS["unordered-nested"]
    assert nested.canonical({}, ((2, 3), (1, 2))) == [[1, 2], [2, 3]]
    with pytest.raises(InvalidAnswer):
        unordered.canonical({}, 5)
