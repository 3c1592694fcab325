"""The references agree with each other, with OEIS A000170, and with the stored answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.errors import ReferenceMismatch
from grader.functions.answers import compute_answers, stale_answers
from grader.kinds import load_problem
from grader.languages import FUNCTION_LANGUAGES, extensions

from .conftest import require_language

A000170 = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352}


@pytest.fixture(scope="module")
def computed(nqueens, sandbox):
    for language in {Path(reference).suffix for reference in nqueens.references}:
        require_language(extensions()[language])
    return compute_answers(nqueens, sandbox)


def test_there_is_a_reference_in_every_language(nqueens) -> None:
    suffixes = {Path(reference).suffix for reference in nqueens.references}
    assert {extensions()[suffix] for suffix in suffixes} == set(FUNCTION_LANGUAGES)


def test_references_match_the_known_counts(nqueens, computed) -> None:
    for test in nqueens.tests:
        assert len(computed[test.name]) == A000170[test.input["n"]], test.name


def test_stored_answers_are_what_the_references_compute(nqueens, computed, nqueens_answers):
    assert stale_answers(nqueens, computed) == []
    assert computed == nqueens_answers


def test_disagreeing_references_name_the_test(problem_copy, sandbox) -> None:
    broken = problem_copy.parent.parent / "reference" / "nqueens" / "bitmask.py"
    broken.write_text(
        broken.read_text() + "\n\n_real = solve_n_queens\n\n\ndef solve_n_queens(n):\n"
        "    return _real(n)[1:] if n == 6 else _real(n)\n"
    )
    with pytest.raises(ReferenceMismatch) as caught:
        compute_answers(load_problem(problem_copy), sandbox)
    error = caught.value
    assert error.key == "tests[5] (n6)"
    assert "references disagree" in error.problem
    assert "4 items" in error.problem and "3 items" in error.problem
    assert error.line is not None
