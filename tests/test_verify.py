"""`grader verify` on copies of the real problem: sound, and broken in each way it must catch."""

from __future__ import annotations

import shutil

import pytest

from grader.cli import main

from .conftest import SUBMISSIONS

# Grades in a real sandbox (conftest.py's tiers).
pytestmark = pytest.mark.sandbox


@pytest.fixture
def examples(problem_copy):
    """A small submissions/ beside the copy: one accepted and one wrong example."""
    root = problem_copy.parent.parent / "submissions" / "nqueens"
    for folder, name in (("accepted", "bitmask.py"), ("wrong_answer", "no_pop.py")):
        (root / folder).mkdir(parents=True)
        shutil.copy(SUBMISSIONS / "nqueens" / folder / name, root / folder / name)
    return root


def verify(problem_copy, capsys) -> tuple[int, str]:
    code = main(["verify", str(problem_copy), "--sandbox", "process"])
    return code, capsys.readouterr().out


def test_a_sound_problem_verifies_with_its_catch_matrix(problem_copy, examples, capsys):
    code, out = verify(problem_copy, capsys)
    assert code == 0, out
    assert "nqueens: OK" in out
    assert "wrong_answer/no_pop.py" in out.split("Catch matrix")[1]
    assert "Python 3: slowest accepted" in out


def test_a_problem_without_examples_is_warned_of_what_is_unproved(problem_copy, capsys):
    code, out = verify(problem_copy, capsys)
    assert code == 0, out  # a warning: the references and answers are still proved
    assert "no examples in submissions/nqueens/" in out
    assert "add an accepted solution per language" in out


def test_only_accepted_examples_are_warned_that_nothing_is_caught(problem_copy, examples, capsys):
    shutil.rmtree(examples / "wrong_answer")
    code, out = verify(problem_copy, capsys)
    assert code == 0, out
    assert "no wrong example in submissions/nqueens/" in out


def test_disagreeing_references_fail(problem_copy, examples, capsys) -> None:
    broken = problem_copy.parent.parent / "reference" / "nqueens" / "bitmask.py"
    broken.write_text(
        broken.read_text() + "\n\n_real = solve_n_queens\n"
        "def solve_n_queens(n):\n    return _real(n)[1:] if n == 6 else _real(n)\n"
    )
    code, out = verify(problem_copy, capsys)
    assert code == 1
    assert "FAILED:" in out and "references disagree" in out and "n6" in out


def test_a_wrong_example_no_test_catches_fails(problem_copy, examples, capsys) -> None:
    # Filed as a wrong answer, but correct: no test rejects it.
    shutil.copy(examples / "accepted" / "bitmask.py", examples / "wrong_answer" / "right.py")
    code, out = verify(problem_copy, capsys)
    assert code == 1
    assert "wrong_answer/right.py: expected WA, got AC" in out
    assert "no test catches this wrong example" in out


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("input: {n: 9}", "input: {n: 10}", "10 is outside the allowed range"),
        ("input: {n: 4}", "input: {n: 4", "invalid YAML"),
    ],
)
def test_an_unreadable_problem_exits_2_naming_the_line(problem_copy, capsys, old, new, said):
    path = problem_copy / "problem.yaml"
    path.write_text(path.read_text().replace(old, new, 1))
    assert main(["verify", str(problem_copy), "--sandbox", "process"]) == 2
    err = capsys.readouterr().err
    assert "problem.yaml:" in err and said in err


@pytest.mark.slow
def test_a_time_limit_example_within_the_margin_fails(problem_copy, examples, capsys) -> None:
    """Slower than the limit, but not by 1.5x on any test it times out on: a faster machine
    would accept it, so the limit (or the example) must change."""
    from grader.kinds import load_problem

    limit = load_problem(problem_copy).limits.time_s
    spin = (
        "import time\n"
        + (SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py").read_text()
        + "\n_right = solve_n_queens\n"
        "def solve_n_queens(n):\n"
        "    if n == 9:\n"
        f"        end = time.process_time() + {limit * 1.2}\n"
        "        while time.process_time() < end:\n"
        "            pass\n"
        "    return _right(n)\n"
    )
    (examples / "time_limit_exceeded").mkdir()
    (examples / "time_limit_exceeded" / "just_over.py").write_text(spin)
    code, out = verify(problem_copy, capsys)
    assert code == 1, out
    expected = "just_over.py: at 1.5x the time limit no test it timed out on is TLE any more"
    assert expected in out
    assert "n9 (AC)" in out
