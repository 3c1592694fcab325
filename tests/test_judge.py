"""The judge's verdict table over a scripted sandbox (grader/sandbox/fake.py): every way an
exchange can end, what it becomes, and which verdict wins. No process runs here; the real
backends' side of each row is in tests/sandbox/."""

from __future__ import annotations

import dataclasses
import signal

import pytest

from grader.errors import SandboxError
from grader.kinds import grade
from grader.problem import Problem
from grader.protocol import Foreign, Reply, ReplyKind
from grader.sandbox.base import RunOutcome, Termination
from grader.sandbox.fake import READY, FakeSandbox, ended, replied, scripted
from grader.verdicts import Verdict

SOURCE = "def solve_n_queens(n):\n    return []\n"  # never run: the sandbox is scripted


@pytest.fixture(scope="module")
def two_tests(nqueens: Problem) -> Problem:
    kept = tuple(test for test in nqueens.tests if test.name in ("n1", "n4"))
    return dataclasses.replace(nqueens, tests=kept)


def _right(n: int, answers: dict[str, object]) -> RunOutcome:
    answer = answers[f"n{n}"]
    assert isinstance(answer, list)
    return replied(tuple(tuple(placement) for placement in answer))


def _error(error_type: str, message: str = "") -> RunOutcome:
    reply = Reply(ReplyKind.ERROR, error_type=error_type, message=message)
    return RunOutcome(Termination.REPLIED, reply, 0.001, 0.001, 1024)


ONE_TEST = [
    # (what the call of test n4 ended with, the verdict, a part of the message)
    (replied(((1, 3, 0, 2),)), Verdict.WA, "1 of 2 solutions missing"),
    (ended(Termination.CPU_LIMIT, cpu_s=1.01), Verdict.TLE, "more than 1 s of CPU time"),
    (
        ended(Termination.CPU_LIMIT, cpu_s=1.6, load_cpu_s=1.5),
        Verdict.TLE,
        "1 s of CPU time (1.50 s of it while your file was loaded",
    ),
    (ended(Termination.WALL_LIMIT, wall_s=2.0), Verdict.TLE, "0.00 s of CPU in 2.00 s; the rest"),
    (
        ended(Termination.WALL_LIMIT, cpu_s=0.5, wall_s=3.0, waited_s=1.25),
        Verdict.TLE,
        "0.50 s of CPU in 3.00 s (1.25 s of it waiting for a CPU",
    ),
    (
        ended(Termination.STARVED, cpu_s=0.5, wall_s=8.0, waited_s=7.5),
        Verdict.IE,
        "machine was too busy to time this test: it had 0.50 s of CPU in 8.00 s (7.50 s",
    ),
    (ended(Termination.OUTPUT_LIMIT), Verdict.OLE, "printed more than 1024 KiB"),
    (ended(Termination.FRAME_LIMIT), Verdict.OLE, "the returned value is too large"),
    (ended(Termination.MEMORY_LIMIT), Verdict.MLE, "more than 256 MiB"),
    (ended(Termination.SIGNALED, signal=signal.SIGXFSZ), Verdict.OLE, "a file larger"),
    (ended(Termination.SIGNALED, signal=signal.SIGXCPU), Verdict.TLE, "used up its CPU time"),
    (ended(Termination.SIGNALED, signal=signal.SIGSEGV), Verdict.RTE, "SIGSEGV"),
    (ended(Termination.SIGNALED, signal=signal.SIGKILL), Verdict.RTE, "SIGKILL"),
    (
        ended(Termination.SIGNALED, signal=signal.SIGABRT, stderr=b"memory allocation of 8 failed"),
        Verdict.MLE,
        "an allocation failed",
    ),
    (ended(Termination.EXITED, exit_code=3), Verdict.RTE, "exit code 3"),
    (ended(Termination.PROTOCOL, detail="forged"), Verdict.RTE, "forged"),
    (_error("MemoryError"), Verdict.MLE, "MemoryError"),
    (_error("SystemExit"), Verdict.RTE, "called exit()"),
    (_error("panic", "index out of bounds"), Verdict.RTE, "panicked: index out of bounds"),
    (_error("ValueError", "bad"), Verdict.RTE, "raised ValueError: bad"),
    (_error("RecursionError"), Verdict.RTE, "towards a base case"),
    (_error("NameError", "name 'xrange' is not defined"), Verdict.RTE, "xrange is now range"),
    (
        RunOutcome(Termination.REPLIED, Reply(ReplyKind.TOO_LARGE, message="huge"), 0, 0, 0),
        Verdict.OLE,
        "too large: huge",
    ),
    (RunOutcome(Termination.REPLIED, READY.reply, 0, 0, 0), Verdict.RTE, "out of turn"),
    (replied(Foreign("None")), Verdict.WA, "returned None"),
]


@pytest.mark.parametrize(("outcome", "verdict", "said"), ONE_TEST)
def test_how_an_exchange_ended_decides_the_test(
    outcome, verdict, said, two_tests, nqueens_answers, make_submission
) -> None:
    sandbox = FakeSandbox(scripted([_right(1, nqueens_answers), outcome]))
    result = grade(two_tests, nqueens_answers, make_submission(SOURCE), sandbox)
    first, second = result.tests
    assert first.verdict is Verdict.AC
    assert (second.verdict, result.verdict) == (verdict, verdict), second.message
    assert said in second.message
    assert result.score == first.max_score


def test_a_reply_after_the_cpu_limit_is_tle_even_when_right(
    two_tests, nqueens_answers, make_submission
) -> None:
    late = dataclasses.replace(_right(4, nqueens_answers), cpu_s=1.5)
    sandbox = FakeSandbox(scripted([_right(1, nqueens_answers), late]))
    result = grade(two_tests, nqueens_answers, make_submission(SOURCE), sandbox)
    assert [test.verdict for test in result.tests] == [Verdict.AC, Verdict.TLE]


def test_everything_right_is_ac_with_every_point(
    two_tests, nqueens_answers, make_submission
) -> None:
    sandbox = FakeSandbox(lambda args: _right(args[0], nqueens_answers))  # type: ignore[arg-type]
    result = grade(two_tests, nqueens_answers, make_submission(SOURCE), sandbox)
    assert result.verdict is Verdict.AC and result.score == two_tests.max_score


LOADING = [
    (
        RunOutcome(
            Termination.REPLIED, Reply(ReplyKind.LOAD_ERROR, message="no function"), 0, 0, 0
        ),
        Verdict.CE,
        "solution.py: no function",
    ),
    (_error("NameError", "name 'q' is not defined"), Verdict.CE, "while it was being loaded"),
    (_error("MemoryError"), Verdict.MLE, "ran out of memory while it was being loaded"),
    (ended(Termination.CPU_LIMIT, cpu_s=1.2), Verdict.TLE, "while your file was being loaded"),
    (ended(Termination.EXITED, exit_code=0), Verdict.RTE, "while your file was being loaded"),
]


@pytest.mark.parametrize(("loaded", "verdict", "said"), LOADING)
def test_a_file_that_does_not_load_fails_every_test_with_one_reason(
    loaded, verdict, said, two_tests, nqueens_answers, make_submission
) -> None:
    def never(args: tuple[object, ...]) -> RunOutcome:
        raise AssertionError("a test was called on a file that did not load")

    result = grade(two_tests, nqueens_answers, make_submission(SOURCE), FakeSandbox(never, loaded))
    assert result.verdict is verdict
    if verdict is Verdict.CE:
        assert result.tests == () and said in result.compile_output
    else:
        assert [test.verdict for test in result.tests] == [verdict, verdict]
        assert said in result.tests[0].message
        assert result.tests[1].message == "not run: your file could not be loaded"


def test_precedence_ce_before_everything(two_tests, nqueens_answers, make_submission) -> None:
    """A file refused before it is built (here: empty) never reaches the sandbox."""
    sandbox = FakeSandbox(scripted([]))
    result = grade(two_tests, nqueens_answers, make_submission(""), sandbox)
    assert result.verdict is Verdict.CE and sandbox.programs == []


def test_precedence_the_first_failing_test_decides(
    two_tests, nqueens_answers, make_submission
) -> None:
    script = scripted([replied(()), ended(Termination.CPU_LIMIT, cpu_s=1.01)])
    result = grade(two_tests, nqueens_answers, make_submission(SOURCE), FakeSandbox(script))
    assert [test.verdict for test in result.tests] == [Verdict.WA, Verdict.TLE]
    assert result.verdict is Verdict.WA and result.score == 0


def test_precedence_ie_only_for_the_harness(two_tests, nqueens_answers, make_submission) -> None:
    """The sandbox failing (a harness fault) is IE; nothing a submission does is: only a
    machine too busy to give it a CPU (starved twice, the grader's fault)."""

    def broken(args: tuple[object, ...]) -> RunOutcome:
        raise SandboxError("the engine went away")

    result = grade(two_tests, nqueens_answers, make_submission(SOURCE), FakeSandbox(broken))
    assert result.verdict is Verdict.IE
    assert "the engine went away" in result.compile_output
    internal = {
        outcome.termination for outcome, verdict, _ in ONE_TEST + LOADING if verdict is Verdict.IE
    }
    assert internal == {Termination.STARVED}


@pytest.mark.parametrize(
    ("code", "decoded"),
    [
        (0, (0, None)),
        (3, (3, None)),
        (137, (None, 9)),
        (139, (None, 11)),
        (255, (255, None)),
        (None, (None, None)),
    ],
)
def test_an_exit_status_of_128_plus_n_is_a_death_by_signal_n(code, decoded) -> None:
    """As bubblewrap and a container's init report one, decoded in one place for both."""
    from grader.sandbox.session import exit_or_signal

    assert exit_or_signal(code) == decoded
