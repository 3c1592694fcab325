"""Where a crash happened: a C++ program that crashed says only "killed by SIGSEGV", and
undefined behaviour may as well show as a timeout or a wrong answer. A program that fails a
sample is rebuilt once with the sanitizers (a build cached like any other, paid for only by
a failing submission) and run on that sample alone: it stops at the first bad access and
names the line, as LeetCode's C++ does. The verdict stays the original run's; the message
gains the line (after a crash) or leads with it (before a wrong answer it explains)."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..errors import SandboxError
from ..languages.crash_report import SANITIZER_REPORT, crash_site
from ..protocol import ReplyKind
from ..results import TestResult
from ..sandbox.base import Program, Termination
from ..verdicts import Verdict
from .alone import first_failing_sample, told
from .failures import load_finding
from .grading import Grading

CRASHED: Final = (Verdict.RTE, Verdict.TLE, Verdict.WA)
# What the sanitized run is given beyond the test's own limits: the sanitizers make a
# program about twice as slow, and their shadow memory and quarantine count towards its group.
SLOWDOWN: Final = 2.0
SHADOW_MIB: Final = 256
LINE_UNKNOWN: Final = (
    "\nThe line is unknown: the grader could not rebuild your code with the sanitizers "
    "that find it (`grader doctor` says why)."
)
UNTRUSTED: Final = "What the run returned cannot be trusted:"


def sanitizer_report(grading: Grading, program: Program, index: int) -> tuple[str, str] | None:
    """Test `index` run in the sanitized build, alone: the sanitizers' report as the driver
    sent it on the judge's channel (never what the program printed, which could imitate
    one), and what the run printed on stderr (where libstdc++'s debug mode says what it
    stopped); None when the sanitizers did not stop it, or it could not be run."""
    problem = grading.problem
    case = problem.tests[index]
    try:
        with grading.sandbox.session(program, problem.limits, 1) as session:
            if load_finding(session.load(), "", problem, grading.language) is not None:
                return None
            outcome = session.call(problem.args(case))
    except SandboxError:
        return None
    reply = outcome.reply
    if (
        outcome.termination is not Termination.REPLIED
        or reply is None
        or reply.kind is not ReplyKind.ERROR
        or reply.error_type != SANITIZER_REPORT
    ):
        return None
    return reply.message, outcome.stderr.decode("utf-8", "replace")


def told_where_it_crashed(
    grading: Grading, tests: tuple[TestResult, ...]
) -> tuple[TestResult, ...]:
    """`tests`, the first failing one (a sample: crashed, timed out or wrong) told where
    the sanitized rebuild stopped; after a crash, that the line is unknown when it cannot be
    rebuilt so."""
    problem = grading.problem
    failing = first_failing_sample(problem, tests)
    if failing is None or tests[failing].verdict not in CRASHED:
        return tests
    try:
        sanitized = grading.language.sanitized(grading.submission, problem, grading.sandbox)
    except SandboxError:
        return tests
    if sanitized is None:
        return tests
    said = tests[failing].message
    if sanitized.build.program is None:
        if tests[failing].verdict is not Verdict.RTE:
            return tests
        return told(tests, failing, said + LINE_UNKNOWN)
    limits = problem.limits
    roomier = replace(
        limits,
        time_s=limits.time_s * SLOWDOWN,
        wall_s=limits.wall_s * SLOWDOWN,
        memory_mib=limits.memory_mib + SHADOW_MIB,
    )
    reported = sanitizer_report(grading.with_limits(roomier), sanitized.build.program, failing)
    site = crash_site(*reported, sanitized.student_file) if reported else ""
    if not site:
        return tests
    found = f"rebuilt with the sanitizers and run again, it stopped {site}"
    if tests[failing].verdict is Verdict.WA:  # the fault, not its symptom, is the mistake
        return told(tests, failing, f"Undefined behaviour: {found}. {UNTRUSTED}\n{said}")
    return told(tests, failing, f"{said}\n{found[0].upper()}{found[1:]}.")
