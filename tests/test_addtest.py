"""`grader add-test` on a copy of a real problem: appended as a line of its own, comments
kept, answer computed by the references; a bad input leaves the file untouched."""

from __future__ import annotations

import json
import shutil

import pytest

from grader.cli import main

from .conftest import PROBLEMS, ROOT


@pytest.fixture
def count_copy(tmp_path):
    shutil.copytree(PROBLEMS / "nqueens-count", tmp_path / "problems" / "nqueens-count")
    shutil.copytree(ROOT / "reference" / "nqueens-count", tmp_path / "reference" / "nqueens-count")
    return tmp_path / "problems" / "nqueens-count"


@pytest.mark.sandbox
def test_a_test_is_appended_with_its_answer(count_copy, capsys) -> None:
    before = (count_copy / "problem.yaml").read_text()
    assert (
        main(
            [
                "add-test",
                str(count_copy),
                "--input",
                "n=7",
                "--points",
                "2",
                "--hidden",
                "--sandbox",
                "process",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    # A hidden test's default name says nothing of its input (n7 would).
    assert "added test secret9" in out and "Verifying nqueens-count" in out
    after = (count_copy / "problem.yaml").read_text()
    assert after.startswith(before.rstrip("\n"))  # every line before, comments included, kept
    assert after.rstrip("\n").splitlines()[-1] == (
        "  - {name: secret9, input: {n: 7}, points: 2, visibility: hidden}"
    )
    answer = json.loads((count_copy / "answers" / "secret9.json").read_text())
    assert answer["answer"] == 40  # OEIS A000170


def test_an_input_outside_the_constraints_changes_nothing(count_copy, capsys) -> None:
    before = (count_copy / "problem.yaml").read_text()
    assert main(["add-test", str(count_copy), "--input", "n=10", "--sandbox", "process"]) == 2
    assert "10 is outside the allowed range 1..9" in capsys.readouterr().err
    assert (count_copy / "problem.yaml").read_text() == before
    assert not (count_copy / "answers" / "n10.json").exists()


def test_a_taken_name_is_refused(count_copy, capsys) -> None:
    assert (
        main(
            ["add-test", str(count_copy), "--input", "n=7", "--name", "n8", "--sandbox", "process"]
        )
        == 2
    )
    assert "exists already" in capsys.readouterr().err
