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
]


@pytest.mark.parametrize(("value", "passed", "words"), CASES)
def test_all_boards(value, passed, words) -> None:
    result = AllBoards().check({"n": 4}, N4, value)
    assert result.passed is passed, result.message
    assert words in result.message


def test_the_stored_answer_is_columns() -> None:
    assert AllBoards().canonical({"n": 4}, (SECOND, FIRST)) == N4
