"""problems/nqueens loads; every kind of mistake in a problem.yaml names file, line and key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grader.errors import ProblemError, UsageError
from grader.kinds import load_answers, load_problem
from grader.kinds.places import find_problem
from grader.problem import Visibility

from .conftest import PROBLEMS


def test_nqueens_is_complete(nqueens) -> None:
    assert nqueens.id == "nqueens"
    assert nqueens.entry_names("python") == ("solve_n_queens", "solveNQueens")
    assert sorted(test.input["n"] for test in nqueens.tests) == list(range(1, 10))
    samples = {test.input["n"] for test in nqueens.tests if test.visibility is Visibility.SAMPLE}
    assert {1, 2, 4, 5, 8} <= samples
    assert len(nqueens.references) >= 2
    assert nqueens.limits.time_s > 0 and nqueens.limits.wall_s >= nqueens.limits.time_s
    statement = nqueens.statement.read_text()
    for example in ("[[1, 3, 0, 2], [2, 0, 3, 1]]", "[[0]]", "== []"):
        assert example in statement


def test_samples_run_first_and_hidden_tests_get_neutral_names(nqueens) -> None:
    """A program carries state from test to test: every sample runs before any hidden test,
    so no sample's output can hold what the program saw of a hidden input."""
    kinds = [test.hidden for test in nqueens.tests]
    assert kinds == sorted(kinds) and any(kinds) and not all(kinds)
    hidden = [test for test in nqueens.tests if test.hidden]
    assert [test.shown_name for test in hidden] == [f"hidden {k}" for k in range(1, 5)]
    assert [test.name for test in hidden] == ["n3", "n6", "n7", "n9"]  # the file's order
    assert all(test.shown_name == test.name for test in nqueens.tests if not test.hidden)


def test_find_problem_by_name_or_folder(tmp_path) -> None:
    assert find_problem("nqueens", (PROBLEMS,)) == PROBLEMS / "nqueens"
    assert find_problem(str(PROBLEMS / "nqueens"), ()) == PROBLEMS / "nqueens"
    with pytest.raises(UsageError, match="unknown problem 'chess'.*known: .*nqueens"):
        find_problem("chess", (PROBLEMS,))


def edit(problem_copy: Path, old: str, new: str) -> None:
    path = problem_copy / "problem.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def line_of(problem_copy: Path, fragment: str) -> int:
    lines = (problem_copy / "problem.yaml").read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if fragment in line)


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        (
            "input: {n: 9}",
            "input: {n: 10}",
            "tests[8].input.n",
            "10 is outside the allowed range 1..9",
        ),
        ("input: {n: 4}", "input: {n: four}", "tests[3].input.n", 'expected int, got "four"'),
        ("input: {n: 4}", "input: {m: 4}", "tests[3].input.m", "unknown key (expected one of: n)"),
        ("input: {n: 4}", "input: {}", "tests[3].input", "missing required key 'n'"),
        ("  time_s: 1.0", "  time_s: 1s", "limits.time_s", 'expected a number > 0, got "1s"'),
        ("  wall_s: 2.0", "  wall_s: -2", "limits.wall_s", "expected a number > 0, got -2"),
        (
            "  memory_mib: 256",
            "  memroy_mib: 256",
            "limits.memroy_mib",
            "unknown key (did you mean 'memory_mib'?",
        ),
        # A misspelled required key is named as misspelled, not as missing.
        (
            "checker: all_placements",
            "chekcer: all_placements",
            "chekcer",
            "did you mean 'checker'?",
        ),
        # A language key grader does not know would leave its submissions no entry point.
        (
            "  csharp: SolveNQueens",
            "  cs: SolveNQueens",
            "entry_points.cs",
            "did you mean 'csharp'?",
        ),
        (
            "time_factor: {java: 2.0}",
            "time_factor: {java: slow}",
            "limits.time_factor.java",
            'expected a number > 0, got "slow"',
        ),
        (
            "visibility: hidden}",
            "visibility: secret}",
            "tests[2].visibility",
            'expected sample or hidden, got "secret"',
        ),
        ("points: 2,", "points: -1,", "tests[8].points", "expected a number >= 0"),
        ("checker: all_placements", "checker: diff", "checker", "unknown checker 'diff'"),
        (
            "name: n5, input: {n: 5}",
            "name: n4, input: {n: 5}",
            "tests[4].name",
            "test name 'n4' is used twice",
        ),
        ("statement: statement.md", "statement: missing.md", "statement", "does not exist"),
    ],
)
def test_mistakes_name_file_line_and_key(problem_copy, old, new, key, problem) -> None:
    edit(problem_copy, old, new)
    expected_line = line_of(problem_copy, new.strip())
    with pytest.raises(ProblemError) as caught:
        load_problem(problem_copy)
    error = caught.value
    assert error.file.endswith("problem.yaml")
    assert (error.line, error.key) == (expected_line, key)
    assert problem in error.problem
    assert str(error).startswith(f"{error.file}:{expected_line}: {key}: ")


@pytest.mark.parametrize(
    ("gate", "said"),
    [
        ("{min_score: 90}", "mutants.min_score: a fraction from 0 to 1 (0.9: 90%), got 90"),
        ("{min_scor: 0.9}", "mutants.min_scor: unknown key"),
    ],
)
def test_a_mutation_score_gate_is_read_or_refused(problem_copy, gate: str, said: str) -> None:
    assert load_problem(problem_copy).min_mutation_score == 0.0
    placed = "checker: all_placements"
    edit(problem_copy, placed, f"{placed}\nmutants: {{min_score: 0.9}}")
    assert load_problem(problem_copy).min_mutation_score == 0.9
    edit(problem_copy, "mutants: {min_score: 0.9}", f"mutants: {gate}")
    with pytest.raises(ProblemError, match=re.escape(said)) as caught:
        load_problem(problem_copy)
    assert caught.value.line == line_of(problem_copy, f"mutants: {gate}")


def test_broken_yaml_names_the_line(problem_copy) -> None:
    edit(problem_copy, "input: {n: 4}", "input: {n: 4")
    with pytest.raises(ProblemError, match=r"problem\.yaml:\d+: invalid YAML"):
        load_problem(problem_copy)


def test_a_parsed_file_is_read_back_from_the_cache(problem_copy, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    parsed = load_problem(problem_copy)
    cached = list((tmp_path / "cache" / "grader" / "yaml").glob("*.json"))
    assert len(cached) == 1
    assert load_problem(problem_copy) == parsed  # from the cache this time
    cached[0].write_text("{not json")  # a damaged entry is parsed again, not trusted
    assert load_problem(problem_copy) == parsed
    edit(problem_copy, "title: N-Queens", "title: N-Queens\ntitle: Again")
    with pytest.raises(ProblemError, match="problem.yaml:4: title: duplicate key"):
        load_problem(problem_copy)  # new content: a new key, and errors keep their lines


def test_duplicate_keys_are_errors(problem_copy) -> None:
    edit(problem_copy, "title: N-Queens", "title: N-Queens\ntitle: Again")
    with pytest.raises(ProblemError, match="problem.yaml:4: title: duplicate key"):
        load_problem(problem_copy)


def test_missing_and_stale_answers_are_problem_errors(problem_copy) -> None:
    problem = load_problem(problem_copy)
    (problem_copy / "answers" / "n5.json").unlink()
    with pytest.raises(ProblemError, match=r"n5\.json: missing; run `grader answers nqueens`"):
        load_answers(problem)
    (problem_copy / "answers" / "n5.json").write_text('{"input": {"n": 6}, "answer": []}')
    with pytest.raises(ProblemError, match="does not match test 'n5'"):
        load_answers(problem)
