"""The instructor's flags: what a source gives away (grader/flags/) and, for a
submission that passed every test, what its run past the published limits shows (the
problem's probes, never scored): where stored answers have nothing, a table of them shows;
and whether a test passed only on work done during the others (spread.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from ..errors import InternalError
from ..flags.hardcoded import hardcoded_flags
from ..problem import Problem
from ..results import Flag, FlagKind
from ..sandbox.base import Sandbox, Session
from ..submission import Submission
from ..text import printable
from ..verdicts import Verdict
from .calls import run_test
from .failures import load_finding
from .grading import Grading
from .spread import spread_flags

PROBE_INSTANT_S: Final = 0.01


def probed(grading: Grading, session: Session, slowest: float) -> tuple[Flag, ...]:
    """A submission that passed every test (the slowest in `slowest` s of CPU), run on the
    problem's probes (inputs past the published limits, never scored): stored answers have
    nothing there. A solver merely too slow past the limits is no sign, unless every test
    came back instantly."""
    flags = []
    for probe in grading.problem.probes:
        if grading.answers.get(probe.name) is None:
            continue
        ran = run_test(grading, probe, session)
        slow = ran.verdict in (Verdict.TLE, Verdict.MLE)
        if ran.verdict is Verdict.AC or (slow and slowest >= PROBE_INSTANT_S):
            continue
        said = ran.message.splitlines()[0] if ran.message else ran.verdict.description
        inputs = ", ".join(f"{name} = {value}" for name, value in probe.input.items())
        flags.append(
            Flag(
                FlagKind.PROBE,
                f"passes every test (the slowest in {slowest * 1000:.1f} ms of CPU) but fails "
                f"{inputs}, past the published limits: {ran.verdict.value} ({said[:120]}); "
                "stored answers?",
            )
        )
    return tuple(flags)


def flags_for(
    problem: Problem,
    answers: Mapping[str, object],
    submission: Submission,
    sandbox: Sandbox,
    accepted: bool,
    slowest_s: float,
) -> tuple[Flag, ...]:
    """The instructor's flags of a submission graded without them (`with_flags=False`):
    what its source gives away and, when it passed every test (`accepted`, the slowest in
    `slowest_s` of CPU), what the probes find, in a session of their own (a compiled build
    comes from the cache). A fault becomes a flag saying so; the verdict stands."""
    flags: tuple[Flag, ...] = ()
    if accepted and not submission.refused:
        flags = run_flags(Grading.of(problem, answers, submission, sandbox), slowest_s)
    return printable_flags(flags + source_flags(problem, answers, submission))


def run_flags(grading: Grading, slowest_s: float) -> tuple[Flag, ...]:
    """What running a submission that passed every test (the slowest in `slowest_s` of
    CPU) once more shows: its tests heaviest first (spread.py), then the probes, each in a
    fresh runner. A fault becomes a flag saying so."""
    problem, submission, language = grading.problem, grading.submission, grading.language
    try:
        build = language.build(submission, problem, grading.sandbox)
        if build.program is None:
            raise InternalError("the build that passed every test failed this time")
        spread = spread_flags(grading, build.program)
        if not problem.probes:
            return spread
        probes = len(problem.probes)
        with grading.sandbox.session(build.program, problem.limits, probes) as session:
            if load_finding(session.load(), submission.path.name, problem, language):
                raise InternalError("the file that passed every test did not load this time")
            return spread + probed(grading, session, slowest_s)
    except Exception as error:  # noqa: BLE001 - the verdict stands whatever this does
        return (Flag(FlagKind.UNCHECKED, f"the probes could not run: {error}"),)


def source_flags(
    problem: Problem, answers: Mapping[str, object], submission: Submission
) -> tuple[Flag, ...]:
    """The source's flags; a fault of the check is said as a flag, never costs the verdict."""
    try:
        return hardcoded_flags(submission.source, submission.language, problem, answers)
    except Exception as error:  # noqa: BLE001 - the verdict stands whatever the check does
        return (
            Flag(
                FlagKind.UNCHECKED, f"the check for stored answers failed: {type(error).__name__}"
            ),
        )


def printable_flags(flags: tuple[Flag, ...]) -> tuple[Flag, ...]:
    return tuple(replace(flag, message=printable(flag.message, one_line=True)) for flag in flags)
