"""A package's output validator: the format's default (packages/default_output.py, run here),
or the package's own program, built and run in the sandbox as the specification calls it:
`validator input judge_answer feedback_dir [flags] < team_output`, exit 42 accepted, 43 wrong
answer, anything else the validator's fault; feedback_dir/judgemessage.txt for the
instructor, teammessage.txt for the student, score.txt for a `custom score` problem."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from ..errors import ProblemError
from ..languages import contest_languages
from ..limits import Limits
from ..plain.run import OUT_OF_MEMORY_SAID
from ..problem import Problem
from ..sandbox.base import Program, RunOutcome, Sandbox, Termination
from ..verdicts import Verdict
from .contest import build_program, build_scripted, is_scripted, language_of, program_files
from .default_output import DefaultOutput
from .model import DataCase, Package, package_of

ACCEPTED, REJECTED = 42, 43
# What a student reads when the package's validator failed on their test: its stderr, exit
# code and the test's name are the instructor's alone (they may quote the hidden data).
VALIDATOR_FAILED: Final = (
    "the judge's validator failed on this test, so it could not be judged: not a verdict on "
    "your code (your instructor can see why)"
)
# A validator stopped by its own limits while reading what the submission wrote: the
# submission flooded it (Kattis judges the output, not the validator's struggle with it).
FLOODED: Final = (
    "the judge's validator could not read your program's output within its limits: print "
    "only what the problem asks for"
)
STOPPED_BY_LIMITS: Final = frozenset(
    {
        Termination.CPU_LIMIT,
        Termination.WALL_LIMIT,
        Termination.MEMORY_LIMIT,
        Termination.OUTPUT_LIMIT,
    }
)
MESSAGE_BYTES: Final = 64 * 1024  # of each feedback file, kept
FEEDBACK_FILES: Final = ("judgemessage", "teammessage", "score", "score_multiplier")
MARK: Final = "\n@@grader-feedback "
# Runs the validator with the team's output on its stdin, then writes its exit code and its
# feedback files to the one file a sandboxed build hands back (out/verdict).
WRAPPER: Final = (
    'mkdir feedback && "$@" < team_output > feedback/.out 2> feedback/.err; code=$?; '
    "exec > out/verdict < /dev/null; printf '%s' \"$code\"; "
    f"for name in {' '.join(FEEDBACK_FILES)} .err; do "
    "printf '\\n@@grader-feedback %s\\n' \"$name\"; "
    'file="feedback/$name.txt"; [ "$name" = .err ] && file=feedback/.err; '
    f'[ -f "$file" ] && head -c {MESSAGE_BYTES} "$file"; '
    "done; exit 0"
)


@dataclass(frozen=True, slots=True)
class Judged:
    """What the validator said of one output."""

    verdict: Verdict  # AC or WA; IE when the validator itself failed
    team_message: str  # for the student
    judge_message: str  # for the instructor
    score: float | None = None  # a `custom score` validator's
    score_multiplier: float | None = None  # of the case's maximum (2025-09), in [0, 1]


@dataclass(frozen=True, slots=True)
class OutputValidator:
    """Ready to judge: the package's program built (None: the default validator)."""

    problem: Problem
    program: Program | None

    def judge(self, sandbox: Sandbox, case: DataCase, output: bytes, flags: str) -> Judged:
        if self.program is None:
            found = DefaultOutput.from_flags(flags).judge(
                case.answer.read_bytes().decode("utf-8", "replace"),
                output.decode("utf-8", "replace"),
            )
            verdict = Verdict.AC if found.passed else Verdict.WA
            return Judged(verdict, found.message, found.message)
        return self._custom(sandbox, case, output, flags)

    def _custom(self, sandbox: Sandbox, case: DataCase, output: bytes, flags: str) -> Judged:
        wrapped = self.wrapped(case, flags, output)
        limits = validation_limits(package_of(self.problem))
        ran = sandbox.compile(wrapped, limits, "verdict")  # run again there if starved
        if ran.artifact is None:
            return stopped(self.problem, case, ran.outcome)
        code_text, *parts = ran.artifact.decode("utf-8", "replace").split(MARK)
        feedback = dict(part.partition("\n")[::2] for part in parts)
        code = int(code_text) if code_text.strip().isdigit() else None
        return judged(self.problem, case, code, feedback)

    def called(self, case: DataCase, flags: str, feedback: str) -> Program:
        """The validator called as the format says on `case`, `feedback` its folder."""
        assert self.program is not None
        return replace(
            self.program,
            argv=(
                *self.program.argv,
                "testdata.in",
                "testdata.ans",
                feedback,
                *flags.split(),
            ),
            files=(
                ("testdata.in", case.input.read_bytes()),
                ("testdata.ans", case.answer.read_bytes()),
                *self.program.files,
            ),
        )

    def wrapped(self, case: DataCase, flags: str, output: bytes) -> Program:
        """The call inside WRAPPER, which leaves its exit code and feedback at out/verdict."""
        called = self.called(case, flags, "feedback/")
        return replace(
            called,
            argv=(_shell(), "-c", WRAPPER, "validator", *called.argv),
            files=(("team_output", output), *called.files),
            runtime_dirs=tuple(sorted({*called.runtime_dirs, "/usr"})),
        )


def judged(
    problem: Problem, case: DataCase, code: int | None, feedback: Mapping[str, str]
) -> Judged:
    """The validator's verdict, messages and score from its exit code and its feedback
    files (by name without .txt; `.err`: its stderr). IE when the validator neither accepted
    nor rejected, or wrote a score that is no number: the student is told one sentence, the
    instructor what went wrong."""
    failed = f"{problem.id}: the output validator failed on {case.name}"
    if code not in (ACCEPTED, REJECTED):
        why = feedback.get(".err", "").strip() or feedback.get("judgemessage", "").strip()
        if any(said.decode() in why for said in OUT_OF_MEMORY_SAID):
            return Judged(Verdict.WA, FLOODED, f"{failed}: out of memory: {why[-500:]}")
        said = f"{failed} (exit code {code}, not 42 or 43: a fault of the problem, not of the "
        said += "submission)" + (f": {why[:500]}" if why else "")
        return Judged(Verdict.IE, VALIDATOR_FAILED, said)
    scores: dict[str, float] = {}
    for name in ("score", "score_multiplier"):
        if feedback.get(name, "").strip():
            try:
                scores[name] = float(feedback[name].split()[0])
            except ValueError:
                return Judged(
                    Verdict.IE, VALIDATOR_FAILED, f"{failed}: its {name}.txt is no number"
                )
    if len(scores) == 2 or not 0 <= scores.get("score_multiplier", 0) <= 1:
        said = (
            "wrote both score.txt and score_multiplier.txt"
            if len(scores) == 2
            else ("wrote a score_multiplier.txt outside [0, 1]")
        )
        return Judged(Verdict.IE, VALIDATOR_FAILED, f"{failed}: it {said}")
    verdict = Verdict.AC if code == ACCEPTED else Verdict.WA
    return Judged(
        verdict,
        feedback.get("teammessage", "").strip(),
        feedback.get("judgemessage", "").strip(),
        scores.get("score"),
        scores.get("score_multiplier"),
    )


def stopped(problem: Problem, case: DataCase, outcome: RunOutcome) -> Judged:
    """A validator that did not end by itself: stopped by its limits, the output it was
    reading flooded it (a wrong answer); anything else is the validator's own failure."""
    said = outcome.stderr.decode("utf-8", "replace")[:500]
    why = f"{problem.id}: the output validator stopped on {case.name} ({outcome.termination})"
    if outcome.termination in STOPPED_BY_LIMITS:
        return Judged(Verdict.WA, FLOODED, why)
    return Judged(Verdict.IE, VALIDATOR_FAILED, f"{why}: {said}" if said else why)


def _shell() -> str:
    from ..sandbox.preparation import shell

    return shell()


def validation_limits(package: Package) -> Limits:
    time_s = package.limits.validation_time_s
    return Limits(
        time_s=time_s,
        wall_s=2 * time_s,
        memory_mib=package.limits.validation_memory_mib,
        output_kib=package.limits.validation_output_mib * 1024,
    )


def prepare_validator(problem: Problem, sandbox: Sandbox) -> OutputValidator:
    """The package's output validator, built (cached by its files). ProblemError naming the
    problem when it cannot be: no language grader knows, or a failed build."""
    package = package_of(problem)
    if package.output_validator is None:
        DefaultOutput.from_flags(package.validator_flags)  # a bad flag fails before any run
        return OutputValidator(problem, None)
    return OutputValidator(problem, build_helper(problem, sandbox, package.output_validator))


def build_helper(problem: Problem, sandbox: Sandbox, path: Path) -> Program:
    """A validator of the package (a file, or a folder of one program's files), built."""
    package = package_of(problem)
    shown = problem.shown(path)
    if is_scripted(path):
        built = build_scripted(sandbox, program_files(path)[1], package.limits.compilation_time_s)
        if built.program is None:
            raise ProblemError(
                shown, None, "", f"its build script fails: {built.cmpinfo or built.outcome}"
            )
        return built.program
    language_id = language_of(path)
    if language_id is None:
        raise ProblemError(
            shown,
            None,
            "",
            f"a program in no language grader builds ({', '.join(contest_languages())})",
        )
    language = contest_languages()[language_id]
    built = build_program(
        sandbox,
        language,
        program_files(path),
        package.limits.validation_memory_mib,
        package.limits.compilation_time_s,
    )
    if built.program is None:
        raise ProblemError(shown, None, "", f"does not build: {built.cmpinfo or built.outcome}")
    return built.program
