"""A submission that passed every test, run past the published limits (the problem's
probes, never scored): where stored answers have nothing, a table of them shows."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from ..problem import Problem, TestCase
from ..results import Flag, TestResult
from ..verdicts import Verdict

PROBE_INSTANT_S: Final = 0.01


def probe_flags(
    problem: Problem,
    answers: Mapping[str, object],
    tests: tuple[TestResult, ...],
    run: Callable[[TestCase, object], TestResult],
) -> tuple[Flag, ...]:
    """A submission that passed every test, run on the problem's probes (inputs past the
    published limits, never scored): stored answers have nothing there. A solver merely too
    slow past the limits is no sign, unless every test came back instantly."""
    slowest = max((test.time_s for test in tests), default=0.0)
    flags = []
    for probe in problem.probes:
        expected = answers.get(probe.name)
        if expected is None:
            continue
        ran = run(probe, expected)
        slow = ran.verdict in (Verdict.TLE, Verdict.MLE)
        if ran.verdict is Verdict.AC or (slow and slowest >= PROBE_INSTANT_S):
            continue
        said = ran.message.splitlines()[0] if ran.message else ran.verdict.description
        inputs = ", ".join(f"{name} = {value}" for name, value in probe.input.items())
        flags.append(
            Flag(
                "probe",
                f"passes every test (the slowest in {slowest * 1000:.1f} ms of CPU) but fails "
                f"{inputs}, past the published limits: {ran.verdict.value} ({said[:120]}); "
                "stored answers?",
            )
        )
    return tuple(flags)
