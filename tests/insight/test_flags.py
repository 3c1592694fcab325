"""Hard-coded answers: every example filed under flagged/ is flagged, with a message that
says what it stores; no accepted, wrong or reference solution is."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.flags.hardcoded import hardcoded_flags
from grader.kinds import load_answers, load_problem
from grader.languages import extensions

from ..conftest import PROBLEMS, SUBMISSIONS

KNOWN = extensions()
PROBLEM_DIRS = sorted(p for p in PROBLEMS.iterdir() if (p / "problem.yaml").is_file())
FILES = [
    (directory.name, path)
    for directory in PROBLEM_DIRS
    for path in sorted((SUBMISSIONS / directory.name).rglob("*"))
    if path.suffix in KNOWN
]
REFERENCES = [
    (directory.name, reference)
    for directory in PROBLEM_DIRS
    for reference in load_problem(directory).references
]


def _flags(problem_id: str, path: Path, source: str | None = None):
    problem = load_problem(PROBLEMS / problem_id)
    text = path.read_bytes() if source is None else source.encode()
    return hardcoded_flags(text, KNOWN[path.suffix], problem, load_answers(problem))


@pytest.mark.parametrize(("problem_id", "path"), FILES + REFERENCES, ids=lambda v: str(v)[-40:])
def test_flagged_examples_are_flagged_and_no_other_is(problem_id, path) -> None:
    flags = _flags(problem_id, path)
    assert bool(flags) == (path.parent.name == "flagged"), flags


def test_the_flagged_corpus_covers_every_kind_and_language() -> None:
    flagged = [(p, path) for p, path in FILES if path.parent.name == "flagged"]
    kinds = {flag.kind for p, path in flagged for flag in _flags(p, path)}
    assert {"table", "lookup", "branches", "encoded"} <= kinds
    assert {KNOWN[path.suffix] for _, path in flagged} >= {
        "python",
        "cpp",
        "rust",
        "java",
        "csharp",
    }


def test_a_table_says_whose_answers_it_holds() -> None:
    [table, lookup] = _flags("nqueens", SUBMISSIONS / "nqueens" / "flagged" / "lookup_table.py")
    assert table.message == (
        "returns stored answers: a literal table of 501 rows (line 2) holding the answers for "
        "n = 1, 4, 5, 6, 7, 8, 9"
    )
    assert lookup.message == "looks the answer up by n in a literal table (line 16)"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("if_ladder.py", "branches on n: `if n == 1: return [...]` (line 4), for 6 values of n"),
        ("match_ladder.rs", "branches on n: `1 => ...` (line 5), for 6 values"),
        ("SwitchLadder.java", "branches on n: `case 1:` (line 5)"),
        (
            "encoded.py",
            "answers encoded in a string and decoded: a 3,092-character literal passed "
            "to b64decode",
        ),
        ("table.cpp", "holding the answers for n = 1, 4, 5, 6"),
    ],
)
def test_each_flag_says_what_it_saw(name, said) -> None:
    flags = _flags("nqueens", SUBMISSIONS / "nqueens" / "flagged" / name)
    assert any(said in flag.message for flag in flags), [flag.message for flag in flags]


@pytest.mark.parametrize(
    "source",
    [
        '"""' + "A long docstring explains the search. " * 10 + '"""\ndef solve_n_queens(n):\n'
        "    return []\n",
        "MOVES = [(0, 1), (1, 0), (0, -1), (-1, 0)]\n\ndef solve_n_queens(n):\n"
        "    if n == 1:\n        return [[0]]\n    if n < 4:\n        return []\n    return []\n",
    ],
    ids=["docstring", "base-cases"],
)
def test_what_a_computing_solution_writes_is_not_flagged(source) -> None:
    assert _flags("nqueens", Path("solution.py"), source) == ()


def test_a_brace_table_of_a_few_constants_is_not_flagged() -> None:
    source = "class Solution { int d[4][2] = {{0,1},{1,0},{0,-1},{-1,0}}; };\n"
    assert _flags("nqueens", Path("solution.cpp"), source) == ()


@pytest.mark.parametrize(
    ("name", "renaming"),
    [
        (
            "if_ladder.py",
            [
                ("(n)", "(size)"),
                ("n ==", "size =="),
                ("range(n)", "range(size)"),
                ("row == n", "row == size"),
            ],
        ),
        ("SwitchLadder.java", [("(int n)", "(int size)"), ("switch (n)", "switch (size)")]),
    ],
)
def test_a_ladder_on_a_renamed_parameter_is_still_a_ladder(name, renaming) -> None:
    source = (SUBMISSIONS / "nqueens" / "flagged" / name).read_text()
    for old, new in renaming:
        source = source.replace(old, new)
    flags = _flags("nqueens", SUBMISSIONS / "nqueens" / "flagged" / name, source)
    assert any(f.message.startswith("branches on size:") for f in flags), flags


@pytest.mark.parametrize(
    "source",
    [
        "x = 1" + "+1" * 200_000,
        "x = " + "-" * 100_000 + "1",
        "class Solution { int x = " + "(" * 50_000,
    ],
    ids=["recursion", "memory", "unbalanced"],
)
def test_a_source_built_to_break_the_check_is_simply_not_flagged(source) -> None:
    suffix = ".cpp" if source.startswith("class") else ".py"
    assert _flags("nqueens", Path("solution" + suffix), source) == ()
