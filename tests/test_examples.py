"""Every example under submissions/ gets the verdict of the folder it is filed in."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from grader.kinds import grade, load_answers, load_problem
from grader.languages import FUNCTION_LANGUAGES, extensions
from grader.problem import Problem
from grader.submission import read_submission
from grader.verdicts import Verdict

from .conftest import PROBLEMS, SUBMISSIONS, memory_hog_timed_out, require_language

FOLDER_VERDICT = {
    "accepted": Verdict.AC,
    "wrong_answer": Verdict.WA,
    "time_limit_exceeded": Verdict.TLE,
    "memory_limit_exceeded": Verdict.MLE,
    "output_limit_exceeded": Verdict.OLE,
    "runtime_error": Verdict.RTE,
    "compile_error": Verdict.CE,
    "flagged": Verdict.AC,  # passes, and the instructor's view flags its stored answers
}

# A function problem's examples, filed by verdict (a lesson's, filed by step, are
# tests/lessons/'s).
ALL_EXAMPLES = sorted(
    p
    for p in SUBMISSIONS.rglob("*")
    if p.suffix in extensions() and (PROBLEMS / p.parent.parent.name / "problem.yaml").is_file()
)
EXAMPLES = [p for p in ALL_EXAMPLES if p.parent.parent.name == "nqueens"]


@cache
def problem_and_answers(name: str) -> tuple[Problem, dict[str, object]]:
    problem = load_problem(PROBLEMS / name)
    return problem, load_answers(problem)


# What the feedback must say for each lesson mistake: the student reads this, not a diff.
FIRST_MESSAGE = {
    "no_pop.py": "missing pop()",
    "column_only.py": "are the diagonals checked at all?",
    "diagonal_without_abs.py": "is `abs(...)` missing?",
    "same_diagonal_key.py": "only the / direction is checked: check row - column too",
    "shared_list.py": "append a copy",
    "undo_two_of_three.py": "does backtracking undo everything it marked",
    "first_solution_only.py": "stop at the first solution",
    "one_based.py": "columns are 0-based",
    "board_strings.py": "LeetCode-51 board strings",
    "missing_return.py": "returned None — missing return?",
    "duplicates.py": "appears twice",
    "float_columns.py": "row 0: expected an int column, got float",
    "bool_columns.py": "expected an int column, got bool",
    "lying_eq.py": "a subclass of list",
    "pascal_case_name.py": "Found SolveNQueens instead: rename it to solve_n_queens",
    "wrong_arity.py": "it must take exactly 1 (n)",
    "syntax_error.py": "syntax_error.py:1: expected ':'",
    "empty.py": "the file is empty",
    "nul_byte.py": "NUL byte",
    "latin1.py": "not valid UTF-8",
    "raises_at_import.py": "NameError",
    "exit_at_import.py": "called exit() while it was being loaded",
    "ctypes_segfault.py": "SIGSEGV",
    "os_exit.py": "exited (exit code 0) without returning",
    "sys_exit.py": "called exit() inside the function",
    "no_base_case.py": "100,000 calls deep",
    # Where the system stops it first (a cgroup), the depth is not known: the test of deep
    # recursion asserts it where Python raises the MemoryError itself.
    "copies_without_base_case.py": "memory",
    "index_error.py": "IndexError",
    "sleeps.py": "wall-clock",
    "infinite_loop.py": "CPU time",
    "print_flood.py": "printed more than",
    "huge_return.py": "too large",
    "memory_hog.py": "MemoryError",
    "type_error.cpp": "type_error.cpp:6:24: error: conversion from",
    "borrow_error.rs": "borrow_error.rs:7:",
    "wrong_signature.rs": "does not fit the expected signature `impl Solution {",
    "out_of_range.cpp": "raised std::out_of_range",
    "null_pointer.cpp": "stopped at null_pointer.cpp:6: store to null pointer",
    "index_panic.rs": "panicked: index out of bounds",
    "no_pop.rs": "does backtracking undo everything it marked",
    "diagonal_without_abs.cpp": "is `abs(...)` missing?",
    "MissingSemicolon.java": "MissingSemicolon.java:5: error: ';' expected",
    "UndefinedName.cs": "UndefinedName.cs(5,20): error CS0103",
    # The judge's own files are never named: a wrong name is the signature it calls.
    "WrongMethodName.java": "WrongMethodName.java: your code does not fit the expected signature"
    " `class Solution { public List<List<Integer>> solveNQueens(int n) }`: cannot find symbol"
    " (symbol: method solveNQueens(int))",
    "WrongMethodName.cs": "does not fit the expected signature `public class Solution {",
    "MethodOutsideClass.cs": "MethodOutsideClass.cs:1: `public IList<IList<int>> SolveNQueens(int"
    " n)` is outside any class",
    "MethodOutsideClass.java": "put it inside `class Solution { ... }`",
    "FirstLineError.cs": "FirstLineError.cs(1,83): error CS1525",  # its column, not the usings'
    "NullPointer.java": "raised java.lang.NullPointerException",
    "IndexOutOfRange.cs": "raised System.IndexOutOfRangeException",
    "FirstSolutionOnly.java": "did the search stop at the first solution?",
    "SharedList.cs": "append a copy",
    "Spins.java": "used more than 2 s of CPU time",
    "every_board.rs": "memory",
    "every_board.cpp": "memory",
    # LeetCode-style files: what a student pasting them is told.
    "lc_xrange.py": "This is Python 2 code; the judge runs Python 3: xrange is now range.",
    "lc_print_statement.py": "This is Python 2 code; the judge runs Python 3: print is a function",
    "lc_map_rows.py": "a map object (map(...) gives an iterator in Python 3",
    "lc_shared_board.py": "with no queen: you probably appended the board you build",
    "lc_with_main.cpp": "lc_with_main.cpp:12: remove `int main()`",
    "LcPackage.java": "LcPackage.java:1: remove `package leetcode.backtracking;`",
    "LcLocalFunction.cs": "This judge compiles C# 7.2 (Mono's mcs), without local functions",
    "LcSwitchExpression.cs": "This judge compiles C# 7.2",
    "LcNoCopy.java": "Java `new ArrayList<>(cols)`",
    "LcKeyNotFound.cs": "raised System.Collections.Generic.KeyNotFoundException",
    "LcSmallArrays.java": "raised java.lang.ArrayIndexOutOfBoundsException",
    "lc_class_attribute.py": "Run on its own, in a fresh process, this test passes",
    "lc_static_counter.cpp": "Run on its own, in a fresh process, this test passes",
    "counts_columns_only.py": "queens attacking each other",
    "rows_of_characters.py": "row 0 is a list of characters",
    "ColumnOnly.java": "are the diagonals checked at all?",
    "ResetArrayNoCopy.cs": "(-1 in every row: the value the list is reset to",
    "same_diagonal_key.cpp": "only the / direction is checked: check row - column too",
    "SmallNReturnsEarly.java": "n = 1 has one, [[0]]",
    "small_n_returns_early.py": "n = 1 has one, [[0]]",
    "reset_array_no_copy.py": "(-1 in every row: the value the list is reset to",
    "returns_start_array.py": "return an empty list, not [-1, -1]",
    "lc_typing_generic.py": "Type Dict cannot be instantiated",
    "lc_usize_underflow.rs": "panicked: index out of bounds",
    "small_n_returns_early.cpp": "n = 1 has one, [[0]]",
    "small_n_returns_early.rs": "n = 1 has one, [[0]]",
    "SmallNReturnsEarly.cs": "n = 1 has one, [[0]]",
    "column_only.rs": "are the diagonals checked at all?",
    "DiagonalWithoutAbs.cs": "only the / direction is checked",
    "returns_start_array.cpp": "return an empty list, not [-1, -1]",
    "LcStaticCounter.java": "Run on its own, in a fresh process, this test passes",
    "no_copy.py": "all 6 items are the same, []: is the list you build appended itself",
    "NoCopy.java": "all 6 items are the same, []: is the list you build appended itself",
    "restarts_at_one.py": "a number is used twice in it",
    "RestartsAtOne.cs": "a number is used twice in it",
    "off_by_one.py": "no item you returned holds 4: does a loop stop one short",
    "returns_a_copy.py": "(the board as it was given: where the function returns nothing",
    "python2_division.py": "use // for whole-number division",
    "python2_print.py": "xrange is now range",
    "no_undo.rs": "fewer than there are (is every choice undone before the next?)",
    "one_diagonal.cpp": "more than there are (is every attack checked",
    "moved_then_reused.cpp": "stopped at moved_then_reused.cpp:17, in Solution::place(): an "
    "index into an empty vector (one moved from with std::move is empty)",
    "unshifted_diagonal_array.cpp": "stopped at unshifted_diagonal_array.cpp:16: index -1 out "
    "of bounds for type 'bool [17]' (a diagonal's index r - c not shifted by n - 1?)",
}


def test_every_folder_is_a_known_verdict() -> None:
    folders = {path.parent.name for path in EXAMPLES}
    assert folders == set(FOLDER_VERDICT)
    assert {path.parent.name for path in ALL_EXAMPLES} <= set(FOLDER_VERDICT)
    assert {path.parent.parent.name for path in ALL_EXAMPLES} == {
        path.name for path in PROBLEMS.iterdir() if (path / "problem.yaml").is_file()
    }


@pytest.mark.parametrize(
    "path", ALL_EXAMPLES, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}"
)
def test_example_gets_its_folders_verdict(path: Path, sandbox) -> None:
    problem, answers = problem_and_answers(path.parent.parent.name)
    submission = read_submission(path, extensions())
    require_language(submission.language)
    result = grade(problem, answers, submission, sandbox)
    due = FOLDER_VERDICT[path.parent.name]
    spent = [test.time_s for test in result.tests if test.verdict is Verdict.TLE]
    if memory_hog_timed_out(due, result.verdict, spent, problem.limits.time_s):
        return
    assert result.verdict is due, result
    if result.verdict is Verdict.AC:
        assert result.score == problem.max_score
        assert all(test.wall_s > 0 for test in result.tests if not test.hidden)
        assert all(test.redacted for test in result.tests if test.hidden)  # a student's view
        return
    first = next((t for t in result.tests if t.verdict is not Verdict.AC), None)
    message = result.compile_output if result.verdict is Verdict.CE else first.message
    if path.name in FIRST_MESSAGE:
        assert FIRST_MESSAGE[path.name] in message
    assert "Traceback (most recent call last)" not in message
    assert not re.search(r"GraderMain|grader-driver", message)  # the judge's files, never


def test_every_language_has_the_required_examples() -> None:
    """An accepted solution, a lesson mistake, a compile error and a runtime error each."""
    for language in FUNCTION_LANGUAGES.values():
        folders = {p.parent.name for p in EXAMPLES if p.suffix in language.extensions}
        assert {"accepted", "wrong_answer", "compile_error", "runtime_error"} <= folders, (
            language.id
        )


def test_a_failure_that_fails_alone_too_is_not_blamed_on_kept_state(sandbox) -> None:
    problem, answers = problem_and_answers("nqueens")
    path = SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py"
    result = grade(problem, answers, read_submission(path, extensions()), sandbox)
    failing = next(test for test in result.tests if test.verdict is Verdict.WA)
    assert "Run on its own" not in failing.message
