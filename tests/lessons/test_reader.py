"""lesson.yaml: the shipped lessons load, and every mistake an instructor can make in one is
refused at its file:line, saying what is wrong (pure: nothing runs)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.errors import ProblemError
from grader.kinds import kind_of, load_problem, problem_folders
from grader.lessons.model import Lesson, Passing

from ..conftest import PROBLEMS

LESSONS = (
    "nqueens-lesson-rust",
    "nqueens-lesson-python",
    "nqueens-lesson-cpp",
    "nqueens-lesson-java",
    "nqueens-lesson-csharp",
)


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_each_shipped_lesson_loads_with_fifteen_steps(lesson_id: str) -> None:
    problem = load_problem(PROBLEMS / lesson_id)
    lesson = problem.details
    assert isinstance(lesson, Lesson)
    assert problem.kind == "lesson" and len(kind_of(problem).steps(problem)) == 15
    assert problem.max_score == 15
    assert [step.number for step in lesson.steps] == list(range(1, 16))
    assert list(lesson.introduced.values()) == [1, 3, 6]  # the entry, the check, the search
    assert lesson.steps[-1].checks[0].final
    assert lesson.final is not None and lesson.final.resolve() == PROBLEMS / "nqueens"


def test_rust_types_say_how_each_argument_is_passed() -> None:
    lesson = load_problem(PROBLEMS / "nqueens-lesson-rust").details
    assert isinstance(lesson, Lesson)
    placement, row, _ = lesson.functions["is_valid"].params
    assert (placement.wire.type, placement.wire.owned) == ("list[int]", "Vec<i32>")
    assert placement.wire.passing is Passing.BORROWED and row.wire.type == "int"
    placements = lesson.functions["backtrack"].params[3]
    assert placements.wire.passing is Passing.MUTABLE
    assert placements.wire.owned == "Vec<Vec<i32>>"


def test_a_lesson_is_found_beside_the_problems() -> None:
    folders = {folder.name for folder in problem_folders(PROBLEMS)}
    assert set(LESSONS) <= folders and "nqueens" in folders


@pytest.fixture
def lesson_copy(tmp_path: Path) -> Path:
    """The Rust lesson, copied where its `final:` and `solution:` still resolve."""
    (tmp_path / "problems").mkdir()
    copy = tmp_path / "problems" / "lesson"
    shutil.copytree(PROBLEMS / "nqueens-lesson-rust", copy)
    shutil.copytree(PROBLEMS / "nqueens", tmp_path / "problems" / "nqueens")
    for used in ("nqueens-lesson-rust", "nqueens"):
        shutil.copytree(PROBLEMS.parent / "reference" / used, tmp_path / "reference" / used)
    return copy


def refused(copy: Path, old: str, new: str) -> tuple[int, str]:
    """The line and message of the error lesson.yaml gets with `old` made `new`."""
    path = copy / "lesson.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(ProblemError) as error:
        load_problem(copy)
    said = str(error.value)
    assert said.startswith(str(path) + ":") or "lesson.yaml:" in said, said
    return error.value.line or 0, said


def line_of(copy: Path, fragment: str) -> int:
    lines = (copy / "lesson.yaml").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if fragment in line)


def test_a_step_naming_an_undeclared_function_is_refused_at_its_line(lesson_copy: Path) -> None:
    line, said = refused(
        lesson_copy, "      - function: backtrack\n", "      - function: backtrak\n"
    )
    assert line == line_of(lesson_copy, "function: backtrak")
    assert "backtrak is not one of the functions `functions:` declares" in said
    assert "did you mean backtrack?" in said


def test_a_type_the_language_cannot_say_is_refused_at_its_line(lesson_copy: Path) -> None:
    line, said = refused(
        lesson_copy,
        "{name: row, type: usize}\n      - {name: col",
        '{name: row, type: "HashMap<i32, i32>"}\n      - {name: col',
    )
    assert line == line_of(lesson_copy, "HashMap")
    assert "`HashMap<i32, i32>` is not a type a rust lesson can declare" in said


def test_a_python_type_in_a_rust_lesson_is_refused(lesson_copy: Path) -> None:
    _, said = refused(lesson_copy, "returns: Vec<Vec<i32>>", "returns: list[list[int]]")
    assert "`list[list[int]]` is not a type a rust lesson can declare" in said


def test_final_tests_before_a_function_they_need_cannot_pass(lesson_copy: Path) -> None:
    """The final tests on step 2: is_valid and backtrack are asked for only later, so no code
    written in the steps' order can pass step 2."""
    path = lesson_copy / "lesson.yaml"
    text = path.read_text()
    marker = "  - title: the columns chosen so far"
    start = text.index(marker)
    end = text.index("  - title: a square is safe, for now")
    step_two = text[start:end].replace("      - function: solve_n_queens\n", "      - final\n")
    path.write_text(text[:start] + step_two + text[end:])
    with pytest.raises(ProblemError) as error:
        load_problem(lesson_copy)
    assert error.value.line == line_of(lesson_copy, marker.strip())
    assert "runs the final tests before any step asks for is_valid, backtrack" in str(error.value)


def test_observing_an_argument_the_call_cannot_change_is_refused(lesson_copy: Path) -> None:
    line, said = refused(lesson_copy, "observe: placements", "observe: n")
    assert line == line_of(lesson_copy, "observe: n")
    assert "n is not a parameter of backtrack that the call can change" in said


def test_a_case_with_the_wrong_arguments_is_refused_at_its_line(lesson_copy: Path) -> None:
    line, said = refused(lesson_copy, "{args: [[1], 1, 1]", "{args: [[1], 1]")
    assert line == line_of(lesson_copy, "{args: [[1], 1]")
    assert "is_valid takes 3 arguments, not 2" in said


def test_an_argument_of_the_wrong_type_is_refused_at_its_line(lesson_copy: Path) -> None:
    line, said = refused(lesson_copy, "{args: [[0, 2], 2, 2]", '{args: [[0, 2], "two", 2]')
    assert line == line_of(lesson_copy, '"two"')
    assert "row: expected int, got" in said


def test_an_expected_value_of_the_wrong_type_is_refused(lesson_copy: Path) -> None:
    _, said = refused(lesson_copy, 'expect: true, why: "row 0', 'expect: [], why: "row 0')
    assert "expected bool" in said


def test_a_final_that_is_not_a_function_problem_is_refused(lesson_copy: Path) -> None:
    line, said = refused(lesson_copy, "final: ../nqueens", "final: ../nowhere")
    assert line == line_of(lesson_copy, "final: ../nowhere")
    assert "not a function problem" in said


def test_a_lesson_in_a_language_without_lessons_is_refused(lesson_copy: Path) -> None:
    line, said = refused(lesson_copy, "language: rust", "language: cobol")
    assert line == line_of(lesson_copy, "language: cobol")
    assert "no lessons in 'cobol'" in said


def test_an_entry_point_unlike_the_final_problems_is_refused(lesson_copy: Path) -> None:
    line, said = refused(lesson_copy, "returns: Vec<Vec<i32>>", "returns: Vec<i32>")
    assert line == line_of(lesson_copy, "entry: solve_n_queens")
    assert "solve_n_queens must take nqueens's arguments (int) and return its answer" in said
