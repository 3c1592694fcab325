"""CPU spread across tests (issue 42, point 1), on every backend: a search too slow for its
heaviest test, its work done a slice at a time during the lighter tests before it, each
test under its own limit. Over a problem's total it is a time limit; within the default
total it passes, and the instructor's flags say how (the heaviest test, run first in a
fresh runner, is over its limit). A runner left working between calls ends with the call."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator

import pytest

from grader.kinds import grade
from grader.languages import FUNCTION_LANGUAGES
from grader.problem import Problem
from grader.results import FlagKind
from grader.sandbox import Sandbox
from grader.sandbox.session import BETWEEN_CALLS_S
from grader.verdicts import Verdict

from ..conftest import backend_names, open_backend
from .test_hostile import QUEENS

pytestmark = pytest.mark.slow

# 1.6 s of CPU for n = 8, a second's limit: too slow alone. Each lighter test does 0.45 s
# of it ahead (four of them: all of it), and stays under its own limit.
SPREAD = (
    QUEENS
    + """
import time
done_ahead = 0.0

def burn(seconds):
    start = time.process_time()
    while time.process_time() - start < seconds:
        pass

def solve_n_queens(n):
    global done_ahead
    if n == 8:
        burn(max(1.6 - done_ahead, 0.0))
    else:
        burn(0.45)
        done_ahead += 0.45
    return queens(n)
"""
)

# Returns at once, and leaves a thread working for a quarter second of CPU after it.
LEAVES_WORK = (
    QUEENS
    + """
import threading, time
calls = 0

def burn():
    start = time.thread_time()
    while time.thread_time() - start < 0.25:
        pass

def solve_n_queens(n):
    global calls
    calls += 1
    threading.Thread(target=burn, daemon=True).start()
    return queens(n) if calls == 1 else [[calls]]
"""
)


@pytest.fixture(scope="module", params=[*backend_names(), "docker-runsc"])
def any_backend(request: pytest.FixtureRequest) -> Iterator[Sandbox]:
    backend = open_backend(request.param)
    yield backend
    backend.close()


@pytest.fixture(scope="module")
def five_tests(nqueens: Problem) -> Problem:
    wanted = ("n1", "n4", "n5", "n6", "n8")  # in this order: the heaviest last
    kept = tuple(next(t for t in nqueens.tests if t.name == name) for name in wanted)
    return dataclasses.replace(nqueens, tests=kept, probes=())


def test_a_spread_search_over_the_total_is_a_time_limit(
    any_backend, five_tests, nqueens_answers, make_submission
) -> None:
    limits = dataclasses.replace(five_tests.limits, total_time_s=1.2)
    problem = dataclasses.replace(five_tests, limits=limits)
    result = grade(problem, nqueens_answers, make_submission(SPREAD), any_backend, True)
    assert result.verdict is Verdict.TLE, [(t.verdict, t.time_s) for t in result.tests]
    over = next(t for t in result.tests if t.verdict is Verdict.TLE)
    assert "all tests together used more than the submission's 1.2 s" in over.message
    before = result.tests[: result.tests.index(over) + 1]
    # The cause, from measured CPU: no test alone went over its second, the sum did.
    assert all(t.time_s < 1.0 for t in before) and sum(t.time_s for t in before) >= 1.2 - 0.01


def test_a_spread_search_within_the_default_total_is_flagged(
    any_backend, five_tests, nqueens_answers, make_submission
) -> None:
    result = grade(five_tests, nqueens_answers, make_submission(SPREAD), any_backend, True)
    assert result.verdict is Verdict.AC  # 1.8 s of 5 x 1 s; no test over its own
    spread = [flag for flag in result.flags if flag.kind is FlagKind.SPREAD]
    assert len(spread) == 1 and spread[0].message.startswith("n8 passes after the other tests")
    honest_source = make_submission(QUEENS + "solve_n_queens = queens\n")
    honest = grade(five_tests, nqueens_answers, honest_source, any_backend, True)
    assert honest.verdict is Verdict.AC
    assert not [flag for flag in honest.flags if flag.kind is FlagKind.SPREAD]


def test_work_left_running_between_calls_counts_and_ends_with_the_call(
    any_backend, five_tests, make_submission
) -> None:
    """The thread the first call left keeps working while no call is in progress: that CPU
    is the next call's, and the runner is then restarted (its third call is a fresh
    runner's first, not the third of the same process)."""
    submission = make_submission(LEAVES_WORK)
    build = FUNCTION_LANGUAGES["python"].build(submission, five_tests, any_backend)
    assert build.program is not None
    limits = dataclasses.replace(five_tests.limits, time_s=2.0, wall_s=6.0)
    with any_backend.session(build.program, limits, 3) as session:
        assert session.load().reply is not None
        first = session.call((4,))
        time.sleep(1.0)  # the gap between two calls, for the thread to work in
        second = session.call((4,))
        third = session.call((4,))
    replies = [outcome.reply for outcome in (first, second, third)]
    assert all(reply is not None for reply in replies), (first, second, third)
    assert second.between_cpu_s > BETWEEN_CALLS_S, second  # counted, as work between calls
    assert second.cpu_s >= second.between_cpu_s
    assert replies[1] is not None and replies[1].value == ((2,),)  # the same runner
    assert replies[2] is not None and replies[2].value != ((3,),)  # a fresh one: its first
