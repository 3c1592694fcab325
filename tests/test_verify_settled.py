"""`grader verify` grades an example that got another verdict than its folder's once more,
alone, before it calls it a failure: a memory hog can time out on a machine busy with the
rest of the batch. Pure: the grades are given."""

from __future__ import annotations

from pathlib import Path

from grader.functions.verify import settled
from grader.results import SubmissionResult
from grader.verdicts import Verdict

HOG = Path("submissions/nqueens/memory_limit_exceeded/hog.py")
WRONG = Path("submissions/nqueens/wrong_answer/wrong.py")
RIGHT = Path("submissions/nqueens/accepted/right.py")


def _result(verdict: Verdict) -> SubmissionResult:
    return SubmissionResult("x.py", "python", verdict, 0.0, 1.0, "", ())


def test_a_verdict_the_load_changed_is_graded_again_and_warned_of() -> None:
    results = {HOG: _result(Verdict.TLE), RIGHT: _result(Verdict.AC)}
    regraded: list[Path] = []

    def alone(path: Path) -> SubmissionResult:
        regraded.append(path)
        return _result(Verdict.MLE)

    said = settled(results, alone)
    assert regraded == [HOG]  # the example that got its folder's verdict is not graded again
    assert results[HOG].verdict is Verdict.MLE
    assert said == [
        "memory_limit_exceeded/hog.py: TLE while the other examples were graded, MLE alone: "
        "its verdict depends on how busy the machine is"
    ]


def test_a_verdict_that_stays_wrong_alone_stands() -> None:
    results = {WRONG: _result(Verdict.AC)}
    said = settled(results, lambda path: _result(Verdict.AC))
    assert results[WRONG].verdict is Verdict.AC and said == []
