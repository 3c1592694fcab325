"""Table-driven: each row is a value as the runner would send it, and what must be said."""

from __future__ import annotations

import pytest

from grader.checkers import CHECKERS, InvalidAnswer
from grader.protocol import Foreign, SetOf

CHECK = CHECKERS["all_placements"]
FOUR = [[1, 3, 0, 2], [2, 0, 3, 1]]

PASSING = [
    ("list of lists", 4, ((1, 3, 0, 2), (2, 0, 3, 1))),
    ("any order", 4, ((2, 0, 3, 1), (1, 3, 0, 2))),
    ("a set of tuples", 4, SetOf(((2, 0, 3, 1), (1, 3, 0, 2)))),
]

FAILING = [
    ("None", 4, Foreign("None", "None"), "returned None — missing return?", "returned None"),
    ("not a list", 4, 5, "expected a list of placements, got int", "not a list of placements"),
    ("a single placement", 4, (1, 3, 0, 2), "did you return a single placement?", "list of"),
    (
        "bool column",
        4,
        ((1, 3, 0, 2), (2, Foreign("bool", "False"), 3, 1)),
        "placement 1, row 1: expected an int column, got bool (False)",
        "not a plain int",
    ),
    ("float column", 4, ((1.0,),), "", ""),  # replaced below: floats arrive as Foreign
    ("set as placement", 4, (SetOf((1, 3, 0, 2)),), "placement 0 is a set", "row order"),
    ("short placement", 4, ((1, 3, 0),), "placement 0 has 3 rows; expected 4", "one column"),
    ("empty placements", 4, ((), ()), "all 2 placements are the same", "append a copy"),
    (
        "one array reset to -1, appended each time",
        4,
        ((-1, -1, -1, -1), (-1, -1, -1, -1)),
        "all 2 placements are the same, [-1, -1, -1, -1] (-1 in every row: the value the list "
        "is reset to): you probably appended the list",
        "append a copy",
    ),
    (
        "one array appended each time, left as last set",
        4,
        ((2, 0, 3, 1), (2, 0, 3, 1)),
        "[2, 0, 3, 1] appears twice; return each placement once: every placement is this one",
        "more than once",
    ),
    (
        "nothing came back",
        4,
        (),
        "no placement came back; n = 4 has 2, e.g. [1, 3, 0, 2]",
        "no placement came back",
    ),
    (
        "one-based",
        4,
        ((2, 4, 1, 3), (3, 1, 4, 2)),
        "columns are 0-based: got 4 for n = 4",
        "count from 0",
    ),
    ("off the board", 4, ((1, 3, 0, 7),), "column 7 is off the board", "outside 0..n-1"),
    (
        "only \\ diagonals attack: the / ones are checked",
        4,
        ((0, 1, 2, 3),),
        "placement [0, 1, 2, 3]: queens in rows 0 and 1 share a diagonal, a \\ one",
        "is row - column (\\) checked?",
    ),
    (
        "only / diagonals attack, in every placement: the \\ ones are checked",
        4,
        ((3, 2, 1, 0), (1, 3, 0, 2), (2, 1, 3, 0)),
        "a / one (row + column equal); every attack in your answer is on a / diagonal",
        "is row + column (/) checked?",
    ),
    (
        "both directions across placements: no diagonal is checked",
        4,
        ((3, 2, 1, 0), (0, 1, 3, 2)),
        "are the diagonals checked at all?",
        "both diagonals",
    ),
    ("column", 4, ((1, 1, 0, 2),), "queens in rows 0 and 1 share a column", "each column"),
    (
        "duplicate",
        4,
        ((1, 3, 0, 2), (1, 3, 0, 2), (2, 0, 3, 1)),
        "[1, 3, 0, 2] appears twice",
        "more than once",
    ),
    ("missing", 4, ((1, 3, 0, 2),), "1 of 2 solutions missing, e.g. [2, 0, 3, 1]", "missing"),
    (
        "board strings",
        4,
        ((".Q..", "...Q", "Q...", "..Q."),),
        "LeetCode-51 board strings",
        "not board strings",
    ),
    ("subclass", 4, Foreign("Anything (a subclass of list)"), "a subclass of list", "not a list"),
]
FAILING[4] = (
    "float column",
    4,
    ((Foreign("float", "1.0"), 3, 0, 2),),
    "placement 0, row 0: expected an int column, got float (1.0)",
    "not a plain int",
)


@pytest.mark.parametrize(("name", "n", "value"), PASSING, ids=[row[0] for row in PASSING])
def test_accepts(name, n, value) -> None:
    result = CHECK.check({"n": n}, FOUR, value)
    assert result.passed, result.message


@pytest.mark.parametrize(
    ("name", "n", "value", "message", "hint"), FAILING, ids=[row[0] for row in FAILING]
)
def test_rejects_with_a_message_that_teaches(name, n, value, message, hint) -> None:
    result = CHECK.check({"n": n}, FOUR, value)
    assert not result.passed
    assert message in result.message
    assert hint in result.hint
    # The hint is what a hidden test shows: it must not reveal the input or the answer.
    assert "4" not in result.hint and "[" not in result.hint


def test_board_marks_the_two_attacking_queens() -> None:
    result = CHECK.check({"n": 4}, FOUR, ((0, 1, 2, 3),))
    rows = result.board.splitlines()
    assert rows[1].split()[1:] == ["X", ".", ".", "."]
    assert rows[2].split()[1:] == [".", "X", ".", "."]
    assert rows[3].split()[1:] == [".", ".", "Q", "."]


def test_board_strings_are_translated_into_the_columns_expected() -> None:
    result = CHECK.check({"n": 4}, FOUR, ((".Q..", "...Q", "Q...", "..Q."),))
    assert "is the placement [1, 3, 0, 2]" in result.message


def test_no_solution_is_accepted_as_an_empty_list() -> None:
    assert CHECK.check({"n": 2}, [], ()).passed
    assert not CHECK.check({"n": 2}, [], ((0, 1),)).passed


def test_canonical_sorts_and_rejects_invalid_reference_answers() -> None:
    assert CHECK.canonical({"n": 4}, ((2, 0, 3, 1), (1, 3, 0, 2))) == FOUR
    with pytest.raises(InvalidAnswer, match="share a diagonal"):
        CHECK.canonical({"n": 4}, ((0, 1, 2, 3),))
    with pytest.raises(InvalidAnswer, match="appears twice"):
        CHECK.canonical({"n": 4}, ((1, 3, 0, 2), (1, 3, 0, 2), (2, 0, 3, 1)))


def test_n_1_returned_early_is_told_it_has_one() -> None:
    result = CHECK.check({"n": 1}, [[0]], ())
    assert not result.passed
    assert "n = 1 has one, [[0]]" in result.message and "if n < 4: return []" in result.message
    assert "1" not in result.hint and "[" not in result.hint
