"""A count of placements: right, or wrong with what too many or too few means."""

from __future__ import annotations

import pytest

from grader.checkers import CHECKERS
from grader.protocol import Foreign

CHECK = CHECKERS["placement_count"]


@pytest.mark.parametrize(
    ("actual", "message", "hint"),
    [
        (12, "expected 2, got 12 for n = 4: more placements than there are", "too high"),
        (12, "a global, static or class variable not reset?", "kept between calls"),
        (1, "fewer placements than there are", "too low"),
        (0, "does the search reach the last row?", "an undo forgotten?"),
        (Foreign("None", "None"), "returned None", "wrong type"),
    ],
)
def test_a_wrong_count_says_what_it_means(actual, message, hint) -> None:
    result = CHECK.check({"n": 4}, 2, actual)
    assert not result.passed
    assert message in result.message and hint in result.hint
    assert "2" not in result.hint and "4" not in result.hint  # a hidden test's shows neither


def test_the_right_count_passes() -> None:
    assert CHECK.check({"n": 4}, 2, 2).passed
    assert CHECK.canonical({"n": 4}, 2) == 2
