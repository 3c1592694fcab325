"""The `one_placement` checker, table-driven: any valid placement passes, the rest say why."""

from __future__ import annotations

import pytest

from grader.checkers.base import InvalidAnswer
from grader.checkers.one_placement import OnePlacement

EXISTS, NONE = {"exists": True}, {"exists": False}
CASES = [
    # n, stored answer, returned value, passed, words the message must hold
    (4, EXISTS, (1, 3, 0, 2), True, "a valid placement"),
    (4, EXISTS, (2, 0, 3, 1), True, "a valid placement"),  # another one: also right
    (4, EXISTS, (0, 1, 2, 3), False, "share a diagonal"),
    (4, EXISTS, (), False, "an empty list came back"),
    (4, EXISTS, (1, 3, 0), False, "3 rows; expected 4"),
    (2, NONE, (), True, "no placement exists for n = 2"),
    (2, NONE, (0, 1), False, "no placement exists for n = 2; return an empty list"),
    # The array a search starts with, returned when it finds nothing: not "off the board".
    (3, NONE, (-1, -1, -1), False, "return an empty list, not [-1, -1, -1]"),
]


@pytest.mark.parametrize(("n", "stored", "value", "passed", "words"), CASES)
def test_one_placement(n, stored, value, passed, words) -> None:
    result = OnePlacement().check({"n": n}, stored, value)
    assert result.passed is passed, result.message
    assert words in result.message


def test_references_with_different_placements_agree() -> None:
    checker = OnePlacement()
    first = checker.canonical({"n": 4}, (1, 3, 0, 2))
    second = checker.canonical({"n": 4}, (2, 0, 3, 1))
    assert first == second == {"exists": True}
    assert checker.canonical({"n": 3}, ()) == {"exists": False}
    with pytest.raises(InvalidAnswer):
        checker.canonical({"n": 4}, (0, 0, 0, 0))
