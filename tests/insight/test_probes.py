"""Probes: inputs past the published limits, run only for the instructor on a submission that
passed every test, never scored. Stored answers collapse there; a real solver does not."""

from __future__ import annotations

import json

import pytest

from grader.judge import student_view
from grader.kinds import grade, load_problem

from ..conftest import SUBMISSIONS

NQUEENS = SUBMISSIONS / "nqueens"
# Every answer up to 9, instantly; past that it never returns.
INSTANT_THEN_STUCK = (
    "import json\nSTORED = json.loads({table!r})\n\ndef solve_n_queens(n):\n"
    "    while n > 9:\n        pass\n    return STORED[str(n)]\n"
)


@pytest.fixture(scope="module")
def probed(nqueens, nqueens_answers, process_sandbox):
    def run(source: bytes, name: str = "solution.py", reveal: bool = True):
        from pathlib import Path

        from grader.submission import Submission

        submission = Submission(Path(name), name, "python", source)
        return grade(nqueens, nqueens_answers, submission, process_sandbox, reveal)

    return run


def _probe_flags(result) -> list[str]:
    return [flag.message for flag in result.flags if flag.kind == "probe"]


def test_stored_answers_fail_the_probe(probed) -> None:
    result = probed((NQUEENS / "flagged" / "lookup_table.py").read_bytes())
    assert result.score == result.max_score and len(result.tests) == 9  # never scored
    [said] = _probe_flags(result)
    assert "fails n = 10, past the published limits: RTE (raised KeyError: 10" in said
    assert student_view(result).flags == ()


def test_instant_answers_that_hang_past_the_limits_are_flagged(probed, nqueens_answers) -> None:
    table = json.dumps({str(n): nqueens_answers[f"n{n}"] for n in range(1, 10)})
    result = probed(INSTANT_THEN_STUCK.format(table=table).encode())
    [said] = _probe_flags(result)
    assert "TLE" in said and "the slowest in" in said


@pytest.mark.parametrize("name", ["backtracking.py", "bitmask.py", "permutations.py"])
def test_a_real_solver_is_not_flagged_even_when_slow_past_the_limits(probed, name) -> None:
    result = probed((NQUEENS / "accepted" / name).read_bytes())
    assert result.verdict.value == "AC" and _probe_flags(result) == []


def test_probes_run_only_in_the_instructors_view(probed) -> None:
    result = probed((NQUEENS / "flagged" / "lookup_table.py").read_bytes(), reveal=False)
    assert result.flags == ()


def test_a_probe_may_go_past_the_signatures_limits_but_not_its_types(problem_copy) -> None:
    from grader.errors import ProblemError

    copy = problem_copy
    text = (copy / "problem.yaml").read_text()
    assert load_problem(copy).probes[0].input == {"n": 10}
    (copy / "problem.yaml").write_text(text.replace("{n: 10}}", '{n: "ten"}}'))
    with pytest.raises(ProblemError, match=r"probes\[0\]\.input\.n: expected int"):
        load_problem(copy)
    (copy / "problem.yaml").write_text(text.replace("name: n10,", "name: n9,"))
    with pytest.raises(ProblemError, match="used twice"):
        load_problem(copy)
