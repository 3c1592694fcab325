"""A run on a busy machine is timed by the CPU it used: the time it spent runnable while the
machine's other work held the CPU is not held against its wall-clock limit, and a run
starved past OVERLOAD_FACTOR times that limit is the machine's fault (IE), never a TLE.

The test process and its burners share one CPU. Each burner runs in a session of its own,
as a neighbour's program does: in the test's own session the kernel's autogroups would
share one slice between them all, and they would starve nothing."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from grader.kinds import grade
from grader.languages.python import Python
from grader.limits import Limits
from grader.problem import Problem
from grader.protocol import ReplyKind
from grader.sandbox.base import Termination
from grader.verdicts import Verdict

from ..conftest import open_backend

# How long the grader itself may wait for the crowded CPU before it reads the clock.
GRADER_SLICE_S = 0.1
# Spins until the run's own CPU clock has advanced by SPIN seconds.
SPINNER = (
    "import time\n"
    "SPIN = {spin}\n"
    "def solve_n_queens(n):\n"
    "    started = time.process_time()\n"
    "    while time.process_time() - started < SPIN:\n"
    "        pass\n"
    "    return []\n"
)


class CrowdedCpu:
    """This process pinned to one CPU beside `burners` endless loops pinned there."""

    def __init__(self, burners: int) -> None:
        self.cpu = min(os.sched_getaffinity(0))
        self._allowed = os.sched_getaffinity(0)
        burn = f"import os\nos.sched_setaffinity(0, {{{self.cpu}}})\nwhile True:\n    pass\n"
        self._burners = [
            subprocess.Popen([sys.executable, "-c", burn], start_new_session=True)
            for _ in range(burners)
        ]
        os.sched_setaffinity(0, {self.cpu})

    def stop(self) -> None:
        os.sched_setaffinity(0, self._allowed)
        for burner in self._burners:
            burner.kill()
            burner.wait()


@pytest.fixture(params=["process", "process-cold"])
def backend_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def crowded(request: pytest.FixtureRequest) -> Iterator[CrowdedCpu]:
    crowd = CrowdedCpu(request.param)
    try:
        yield crowd
    finally:
        crowd.stop()


@pytest.mark.slow
@pytest.mark.parametrize("crowded", [3], indirect=True)
def test_waiting_for_a_busy_cpu_is_not_held_against_the_wall_clock_limit(
    crowded: CrowdedCpu, backend_name: str, nqueens: Problem, make_submission
) -> None:
    # A quarter of a CPU: 0.2 s of CPU take about 0.8 s, past the 0.5 s wall-clock limit,
    # well inside the bound (2 s) past which a run is starved.
    limits = Limits(time_s=2.0, wall_s=0.5, memory_mib=256, output_kib=64)
    sandbox = open_backend(backend_name)  # opened on the crowded CPU: its runs start there
    try:
        program = Python().build(make_submission(SPINNER.format(spin=0.2)), nqueens, sandbox)
        assert program.program is not None
        with sandbox.session(program.program, limits, 1) as session:
            loaded = session.load()
            assert loaded.reply is not None and loaded.reply.kind is ReplyKind.READY, loaded
            outcome = session.call((4,))
    finally:
        sandbox.close()
    # Replied, its wait credited; only a machine far busier than this crowd would starve
    # it. Without the credit it would be a WALL_LIMIT.
    assert outcome.termination in (Termination.REPLIED, Termination.STARVED), outcome
    assert outcome.cpu_s >= 0.2 and outcome.waited_s > 0.0, outcome
    if outcome.termination is Termination.REPLIED:
        # The grader shares the crowded CPU: between the reply's arrival (inside the
        # credited deadline) and its reading of the clock it waits for the CPU too, a
        # slice of the burners' (seen: 9 ms past the limit in a clean-clone CI run).
        assert outcome.wall_s - outcome.waited_s <= limits.wall_s + GRADER_SLICE_S, outcome


@pytest.mark.slow
@pytest.mark.parametrize("crowded", [7], indirect=True)
def test_a_run_starved_of_cpu_is_the_machines_fault_not_a_time_limit(
    crowded: CrowdedCpu, backend_name: str, nqueens: Problem, nqueens_answers, make_submission
) -> None:
    # An eighth of a CPU: 10 s of CPU wanted, a 0.1 s wall-clock limit stretched by the
    # wait up to 0.4 s, then run again, then reported.
    one_test = dataclasses.replace(
        nqueens,
        tests=nqueens.tests[:1],
        limits=Limits(time_s=10.0, wall_s=0.1, memory_mib=256, output_kib=64),
    )
    sandbox = open_backend(backend_name)
    try:
        submission = make_submission(SPINNER.format(spin=10.0))
        result = grade(one_test, nqueens_answers, submission, sandbox, reveal_hidden=True)
    finally:
        sandbox.close()
    [test] = result.tests
    assert test.verdict is Verdict.IE, test
    assert "too busy to time this test" in test.message and "twice" in test.message
    assert test.time_s < 10.0
