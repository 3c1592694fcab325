"""The judge of function problems, and what every kind's judge shares: build, load, call
once per test (calls.py), check, and decide every verdict here; the instructor's flags after
(probes.py); a result made printable and a harness fault IE (`guarded`), the student's view.

Whatever a submission does wrong becomes a Verdict here; only a fault of the harness raises,
and `grade` turns it into IE for that submission alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Final

from ..errors import GraderError, SandboxUnavailable
from ..languages import NEEDS
from ..languages.declarations import entry_line
from ..problem import Problem, TestCase, load_answer
from ..results import SubmissionResult, TestResult
from ..sandbox import SandboxOptions
from ..sandbox import open_sandbox as open_backend
from ..sandbox.base import Program, Sandbox
from ..submission import Submission
from ..text import printable
from ..verdicts import Verdict
from .alone import told_if_state_kept
from .calls import hidden_view, run_test, test_result
from .crash_site import told_where_it_crashed
from .failures import Finding, load_finding
from .grading import VERDICTS_ONLY, Asked, Grading
from .probes import flags_for, printable_flags, run_flags, source_flags
from .total_time import TotalTime

__all__ = [
    "VERDICTS_ONLY",
    "Asked",
    "flags_for",
    "grade",
    "guarded",
    "hidden_view",
    "load_answers",
    "open_sandbox",
    "printable_test",
    "student_test",
    "student_view",
]


def open_sandbox(choice: str = "auto", options: SandboxOptions | None = None) -> Sandbox:
    """The backend `choice` names (grader.sandbox.open_sandbox), told what the registered
    languages need of it unless `options` says: an image's runtimes, the runner it keeps
    warm. Close it after use (it is a context manager too)."""
    chosen = options or SandboxOptions()
    if chosen.languages is None:
        chosen = replace(chosen, languages=NEEDS)
    return open_backend(choice, chosen)


def load_answers(problem: Problem) -> dict[str, object]:
    """Every test's stored answer. Raises ProblemError when one is missing or stale."""
    return {test.name: load_answer(problem, test) for test in problem.answered}


def grade(
    problem: Problem,
    answers: Mapping[str, object],
    submission: Submission,
    sandbox: Sandbox,
    asked: Asked = VERDICTS_ONLY,
) -> SubmissionResult:
    """Grade one submission to a function problem, as grader.kinds.grade's contract says:
    the instructor's flags (`asked.flagged`) found in the same session; the service finds
    them later instead (`flags_for`)."""

    def work() -> SubmissionResult:
        grading = Grading.of(problem, answers, submission, sandbox)
        result = _grade(grading, asked)
        if asked.flagged:  # the instructor's view: what the source gives away
            found = source_flags(problem, answers, submission)
            result = replace(result, flags=result.flags + found)
        return result

    return guarded(problem, submission, work)


def guarded(
    problem: Problem, submission: Submission, work: Callable[[], SubmissionResult]
) -> SubmissionResult:
    """`work`'s result made printable; a harness fault in it becomes verdict IE with its
    message, so a batch goes on. A machine that cannot grade this language at all (no
    toolchain) raises SandboxUnavailable: the user fixes it. Every kind grades through this."""
    try:
        return _printable(work())
    except SandboxUnavailable:
        raise
    except GraderError as error:
        message = str(error)
    except Exception as error:  # noqa: BLE001 - the one place a harness bug becomes IE
        message = f"{type(error).__name__}: {error}"
    return _printable(
        SubmissionResult(
            submission.shown,
            submission.language,
            Verdict.IE,
            0,
            problem.max_score,
            f"internal error of the grader: {message}",
            (),
        )
    )


STUDENT_IE: Final = (
    "internal error of the grader: not your code's fault, and not graded (your instructor can "
    "see why)"
)
# The one internal error whose own words a student reads: the service's, of a submission that
# crashed every grader that took it (its words name nothing of the server).
CRASHED_EVERY_GRADER: Final = "internal error of the grader: this submission crashed the grader"


def _printable(result: SubmissionResult) -> SubmissionResult:
    """Every text the submission controls (its file's name, what it raised or printed, its
    compiler's messages) made safe once here, for every report, the gradebook and the
    service alike (text.py)."""
    tests = tuple(printable_test(test) for test in result.tests)
    return replace(
        result,
        submission=printable(result.submission, one_line=True),
        compile_output=printable(result.compile_output),
        tests=tests,
        flags=printable_flags(result.flags),
    )


def printable_test(test: TestResult) -> TestResult:
    return replace(
        test,
        message=printable(test.message),
        board=printable(test.board),
        output=printable(test.output),
        hint=printable(test.hint),
    )


def _grade(grading: Grading, asked: Asked) -> SubmissionResult:
    # Here, not above: every kind imports this package (for Asked), and these two bring
    # statistics, logging and hashlib, 7 ms of a package's cold `grader verify`.
    from .random_step import random_row
    from .startup import load_allowance_s

    submission = grading.submission
    program = _program(grading)
    if isinstance(program, SubmissionResult):
        return program
    allowance = load_allowance_s(grading.language, grading.sandbox)
    loading = grading.with_limits(replace(grading.problem.limits, load_allowance_s=allowance))
    problem = loading.problem
    with grading.sandbox.session(program, problem.limits, len(problem.tests)) as session:
        failed_load = load_finding(session.load(), submission.path.name, problem, grading.language)
        if failed_load is not None and failed_load.verdict is Verdict.CE:
            return _compile_error(problem, submission, failed_load.message)
        decided: list[TestResult] = []
        total = TotalTime.of(problem)
        for index, test in enumerate(problem.tests):
            if failed_load is not None:
                decided.append(_not_run(test, failed_load, index == 0, asked.reveal_hidden))
            else:
                ran = total.run(
                    problem,
                    test,
                    lambda capped, case: run_test(
                        loading if capped is problem else loading.with_limits(capped.limits),
                        case,
                        session,
                    ),
                )
                shown = asked.reveal_hidden or not ran.hidden
                decided.append(ran if shown else hidden_view(ran))
            if asked.on_test is not None:
                asked.on_test(printable_test(decided[-1]))
        randomly = random_row(loading, session, asked) if failed_load is None else None
        if randomly is not None:
            decided.append(randomly if asked.reveal_hidden else hidden_view(randomly))
            if asked.on_test is not None:
                asked.on_test(printable_test(decided[-1]))
        tests = tuple(decided)
        failing = [test.verdict for test in tests if test.verdict is not Verdict.AC]
        result = SubmissionResult(
            submission=submission.shown,
            language=submission.language,
            verdict=failing[0] if failing else Verdict.AC,
            score=sum(test.score for test in tests),
            max_score=problem.max_score,
            compile_output=failed_load.message if failed_load else "",
            tests=tests,
            entry_line=entry_line(submission.source, problem.entry_names(grading.language.id)),
        )
    if asked.flagged and not failing:
        slowest = max((test.time_s for test in tests), default=0.0)
        result = replace(result, flags=run_flags(grading, slowest))
    if failing:
        result = replace(result, tests=_second_opinion(loading, program, result.tests))
    return result


def _program(grading: Grading) -> Program | SubmissionResult:
    """The submission built, or its compile error as its result."""
    problem, submission = grading.problem, grading.submission
    if submission.refused:
        return _compile_error(problem, submission, submission.refused)
    build = grading.language.build(submission, problem, grading.sandbox)
    if build.program is not None:
        return build.program
    name, said = submission.path.name, build.compile_output
    return _compile_error(problem, submission, said if said.startswith(name) else f"{name}: {said}")


def _second_opinion(
    grading: Grading, program: Program, tests: tuple[TestResult, ...]
) -> tuple[TestResult, ...]:
    """The first failing sample run again, to say more than its symptom: where a compiled
    program crashed or broke memory, else whether it passes on its own."""
    told = told_where_it_crashed(grading, tests)
    if told != tests:  # undefined behaviour explains a result that varies with the order too
        return told
    return told_if_state_kept(grading, program, tests)


def _compile_error(problem: Problem, submission: Submission, message: str) -> SubmissionResult:
    return SubmissionResult(
        submission.shown, submission.language, Verdict.CE, 0, problem.max_score, message, ()
    )


def _not_run(test: TestCase, failed_load: Finding, first: bool, reveal_hidden: bool) -> TestResult:
    if first:
        message = failed_load.message
    elif failed_load.verdict is Verdict.IE:
        message = "not run: the grader failed while loading your file (not your code's fault)"
    else:
        message = "not run: your file could not be loaded"
    return test_result(test, Finding(failed_load.verdict, message, message), None, reveal_hidden)


def student_view(result: SubmissionResult) -> SubmissionResult:
    """A result graded with hidden tests revealed, as the student may see it: no hidden
    test's detail, no instructor's note, no flags; an internal error as one sentence (its
    message may name the server's files and the problem's data)."""
    said = result.compile_output
    if result.verdict is Verdict.IE and not result.tests:
        said = said if said.startswith(CRASHED_EVERY_GRADER) else STUDENT_IE
    return replace(
        result,
        compile_output=said,
        tests=tuple(student_test(test) for test in result.tests),
        flags=(),
        groups=tuple(group.shown for group in result.groups),
    )


def student_test(test: TestResult) -> TestResult:
    """One test as the student may see it (hidden_view), without the instructor's note."""
    return replace(hidden_view(test), judge_note="")
