"""What grading produces: frozen values the reporters render. Hidden tests arrive here
already stripped of their input and details, so no reporter can leak them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from .verdicts import Verdict


@dataclass(frozen=True, slots=True)
class TestResult:
    name: str
    input: Mapping[str, object] | None  # None for a hidden test (unless revealed)
    hidden: bool
    verdict: Verdict
    time_s: float  # CPU seconds
    wall_s: float
    memory_kib: int
    score: float
    max_score: float
    message: str
    board: str = ""  # a drawing that shows the mistake (sample tests only)
    output: str = ""  # the head of what the program printed (sample tests only)
    line: int | None = None  # the test's line in problem.yaml
    # What a student may be told of this test were it hidden: the same for any input.
    hint: str = ""
    alias: str = ""  # the name a student sees of a hidden test: `hidden 1`
    # A hidden test as a student sees it (hidden_view): its figures (CPU, wall, memory) are
    # not shown, since they grow with the input.
    redacted: bool = False
    # What a failing sample's call returned, as it came over the wire, for the page to set
    # beside the expected answer; None otherwise (a hidden test's never leaves).
    returned: object = None
    # What only the instructor reads of this test: a package validator's judge message, or
    # why the validator failed (it may quote the test's data). "" in a student's view.
    judge_note: str = ""


class FlagKind(StrEnum):
    TABLE = "table"  # a literal table of answers in the source
    LOOKUP = "lookup"  # the input looked up in stored answers
    BRANCHES = "branches"  # a ladder of cases on the input
    ENCODED = "encoded"  # answers hidden in an encoded string
    PROBE = "probe"  # collapses past the published limits (probes in problem.yaml)
    SPREAD = "spread"  # a test's work done during others: over its limit when it runs first
    UNCHECKED = "unchecked"  # the checks themselves could not run


@dataclass(frozen=True, slots=True)
class Flag:
    """Something in a submission an instructor should look at (stored answers, a ladder of
    cases on the input, a solver that collapses past the published limits). Never a change of
    verdict, and never shown to the student."""

    kind: FlagKind
    message: str
    line: int | None = None


@dataclass(frozen=True, slots=True)
class GroupScore:
    """A test group of a scoring problem package: its verdict and score as the format's
    grader summed them up. A secret group's name is the instructor's: students see its
    alias (`group 1`)."""

    name: str
    verdict: Verdict
    score: float
    max_score: float
    alias: str = ""

    @property
    def shown(self) -> GroupScore:
        """As a student may see it."""
        return replace(self, name=self.alias) if self.alias else self


def step_name(number: int) -> str:
    """What a lesson's step is named as a row of a result: `step 3`."""
    return f"step {number}"


@dataclass(frozen=True, slots=True)
class SubmissionResult:
    submission: str
    language: str
    verdict: Verdict
    score: float
    max_score: float
    compile_output: str
    tests: tuple[TestResult, ...]
    flags: tuple[Flag, ...] = ()
    groups: tuple[GroupScore, ...] = ()  # a scoring package's, by name
    # The line of the student's file that declares the function graded (None: a whole
    # program, or not found): where a CI annotation of a failing test lands.
    entry_line: int | None = None


@dataclass(frozen=True, slots=True)
class SandboxInfo:
    backend: str
    protections: tuple[str, ...]
    warning: str = ""  # what the backend does not protect against; "" when fully isolated
    chosen_because: str = ""  # why `--sandbox auto` took it; "" when it was named


@dataclass(frozen=True, slots=True)
class Report:
    problem: str
    problem_file: str
    sandbox: SandboxInfo
    results: tuple[SubmissionResult, ...]


REFERENCE_CANNOT: Final = "the reference cannot answer that input: is it one the statement allows?"


@dataclass(frozen=True, slots=True)
class OwnRun:
    """The one call's result (as a sample test's, its answer in `returned`) and the
    reference's answer; or the compile error that stopped it."""

    arguments: dict[str, object]
    test: TestResult | None
    expected: object
    compile_output: str = ""


@dataclass(frozen=True, slots=True)
class Verification:
    problem: str
    failures: tuple[str, ...]  # each breaks the problem: exit 1
    warnings: tuple[str, ...]
    matrix: str  # which test rejects which wrong example
    timing: str  # per language: slowest accepted, the limit, the proposal
    matrix_title: str = "Catch matrix (x: the test rejects it):"


def verification_text(verification: Verification) -> str:
    """What `grader verify` prints of a problem's verification."""
    lines = [f"Verifying {verification.problem}", "", verification.matrix_title]
    lines += ["  " + row for row in verification.matrix.splitlines()]
    lines += ["", "Time limits:"] + ["  " + row for row in verification.timing.splitlines()]
    lines.append("")
    lines += [f"warning: {warning}" for warning in verification.warnings]
    lines += [f"FAILED: {failure}" for failure in verification.failures]
    verdict = "FAILED" if verification.failures else "OK"
    lines.append(
        f"{verification.problem}: {verdict} ({len(verification.failures)} failures, "
        f"{len(verification.warnings)} warnings)"
    )
    return "\n".join(lines) + "\n"
