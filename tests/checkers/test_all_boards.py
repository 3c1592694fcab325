"""The `all_boards` checker, table-driven: boards read back into columns, order ignored."""

from __future__ import annotations

import pytest

from grader.checkers.all_boards import AllBoards

N4 = [[1, 3, 0, 2], [2, 0, 3, 1]]
FIRST = (".Q..", "...Q", "Q...", "..Q.")
SECOND = ("..Q.", "Q...", "...Q", ".Q..")
CASES = [
    ((SECOND, FIRST), True, "all 2 solutions found"),
    ((FIRST,), False, "1 of 2 solutions missing"),
    ((FIRST, ("Q...", ".Q..", "..Q.", "...Q")), False, "share a diagonal"),
    ((FIRST, SECOND[:3]), False, "board 1 has 3 rows; expected 4"),
    ((FIRST, ("QQ..", "...Q", "Q...", "..Q.")), False, "row 0 is 'QQ..'"),
    (((1, 3, 0, 2), (2, 0, 3, 1)), False, "not a list of strings"),
    # Told in boards, as the problem asks for them, not in column lists.
    ((FIRST,), False, "e.g. ['..Q.', 'Q...', '...Q', '.Q..']"),
    ((FIRST, ("Q...", ".Q..", "..Q.", "...Q")), False, "board ['Q...', '.Q..', '..Q.', '...Q']"),
    # Rows built as lists of characters and never joined: not "a copy" (nor the same board).
    ((tuple(tuple(row) for row in FIRST),), False, "row 0 is a list of characters"),
    ((tuple(tuple(row) for row in FIRST),), False, '"".join(row)'),
]


@pytest.mark.parametrize(("value", "passed", "words"), CASES)
def test_all_boards(value, passed, words) -> None:
    result = AllBoards().check({"n": 4}, N4, value)
    assert result.passed is passed, result.message
    assert words in result.message


def test_the_stored_answer_is_columns() -> None:
    assert AllBoards().canonical({"n": 4}, (SECOND, FIRST)) == N4


def test_a_hidden_tests_hint_speaks_of_boards_too() -> None:
    result = AllBoards().check({"n": 4}, N4, (FIRST, FIRST, SECOND))
    assert result.hint == "a board appears more than once"
