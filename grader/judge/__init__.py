"""The pipeline: build, load, call once per test, check, and decide every verdict here.

Whatever a submission does wrong becomes a Verdict in this module; only a fault of the
harness raises, and `grade` turns it into IE for that submission alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from ..checkers import CHECKERS, Checker
from ..errors import GraderError, InternalError, SandboxUnavailable
from ..insight.hardcoded import hardcoded_flags
from ..languages import LANGUAGES
from ..problem import Problem, TestCase, load_answer
from ..protocol import ReplyKind
from ..results import Flag, SubmissionResult, TestResult
from ..sandbox.base import RunOutcome, Sandbox, Session, Termination
from ..submission import Submission
from ..text import printable
from ..verdicts import Verdict
from .failures import Finding, failure, load_finding, raised
from .probes import probe_flags

# A submission whose every test took less CPU than this answers from memory, not by search.


def load_answers(problem: Problem) -> dict[str, object]:
    """Every test's stored answer. Raises ProblemError when one is missing or stale."""
    return {test.name: load_answer(problem, test) for test in problem.answered}


def grade(
    problem: Problem,
    answers: Mapping[str, object],
    submission: Submission,
    sandbox: Sandbox,
    reveal_hidden: bool = False,
    on_test: Callable[[TestResult], None] | None = None,
    on_verdict: Callable[[SubmissionResult], None] | None = None,
) -> SubmissionResult:
    """Grade one submission. Never raises for anything the submission does; a harness
    fault becomes verdict IE with its message, so a batch goes on. A machine that cannot
    grade this language at all (no toolchain) raises SandboxUnavailable: the user fixes it.
    `on_test` is told each test's result (made printable) as soon as it is decided;
    `on_verdict` the result once every test is (made printable, without the flags that
    `reveal_hidden` then looks for: a student need not wait for the instructor's probes)."""
    try:
        result = _grade(problem, answers, submission, sandbox, reveal_hidden, on_test, on_verdict)
        if reveal_hidden:  # the instructor's view: what the source gives away
            result = replace(
                result, flags=result.flags + _source_flags(problem, answers, submission)
            )
        return _printable(result)
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


def _source_flags(
    problem: Problem, answers: Mapping[str, object], submission: Submission
) -> tuple[Flag, ...]:
    """The source's flags; a fault of the check is said as a flag, never costs the verdict."""
    try:
        return hardcoded_flags(submission.source, submission.language, problem, answers)
    except Exception as error:  # noqa: BLE001 - the verdict stands whatever the check does
        return (Flag("unchecked", f"the check for stored answers failed: {type(error).__name__}"),)


def _printable(result: SubmissionResult) -> SubmissionResult:
    """Every text the submission controls (its file's name, what it raised or printed, its
    compiler's messages) made safe once here, for every report, the gradebook and the
    service alike (text.py)."""
    tests = tuple(_printable_test(test) for test in result.tests)
    return replace(
        result,
        submission=printable(result.submission, one_line=True),
        compile_output=printable(result.compile_output),
        tests=tests,
        flags=tuple(replace(f, message=printable(f.message, one_line=True)) for f in result.flags),
    )


def _printable_test(test: TestResult) -> TestResult:
    return replace(
        test,
        message=printable(test.message),
        board=printable(test.board),
        output=printable(test.output),
        hint=printable(test.hint),
    )


def _grade(
    problem: Problem,
    answers: Mapping[str, object],
    submission: Submission,
    sandbox: Sandbox,
    reveal_hidden: bool,
    on_test: Callable[[TestResult], None] | None,
    on_verdict: Callable[[SubmissionResult], None] | None = None,
) -> SubmissionResult:
    told = _told(on_verdict)
    if submission.refused:
        return told(_compile_error(problem, submission, submission.refused))
    language = LANGUAGES[submission.language]
    limits = problem.limits.for_language(language.id, language.time_factor)
    problem = replace(problem, limits=limits)
    build, name = language.build(submission, problem, sandbox), submission.path.name
    if build.program is None:
        said = build.compile_output
        located = said if said.startswith(name) else f"{name}: {said}"
        return told(_compile_error(problem, submission, located))
    checker = CHECKERS[problem.checker]
    with sandbox.session(build.program, problem.limits, len(problem.tests)) as session:
        failed_load = load_finding(session.load(), name, problem)
        if failed_load is not None and failed_load.verdict is Verdict.CE:
            return told(_compile_error(problem, submission, failed_load.message))
        decided: list[TestResult] = []
        for index, test in enumerate(problem.tests):
            decided.append(
                _not_run(test, failed_load, index == 0, reveal_hidden)
                if failed_load is not None
                else _run_test(problem, test, answers[test.name], checker, session, reveal_hidden)
            )
            if on_test is not None:
                on_test(_printable_test(decided[-1]))
        tests = tuple(decided)
        failing = [test.verdict for test in tests if test.verdict is not Verdict.AC]
        result = told(
            SubmissionResult(
                submission=submission.shown,
                language=submission.language,
                verdict=failing[0] if failing else Verdict.AC,
                score=sum(test.score for test in tests),
                max_score=problem.max_score,
                compile_output=failed_load.message if failed_load else "",
                tests=tests,
            )
        )
        if reveal_hidden and problem.probes and not failing:
            result = replace(
                result,
                flags=probe_flags(
                    problem,
                    answers,
                    tests,
                    lambda probe, expected: _run_test(
                        problem, probe, expected, checker, session, True
                    ),
                ),
            )
    return result


def _told(
    on_verdict: Callable[[SubmissionResult], None] | None,
) -> Callable[[SubmissionResult], SubmissionResult]:
    """Pass a decided result (printable) to `on_verdict`, and on."""

    def tell(result: SubmissionResult) -> SubmissionResult:
        if on_verdict is not None:
            on_verdict(_printable(result))
        return result

    return tell


def _compile_error(problem: Problem, submission: Submission, message: str) -> SubmissionResult:
    return SubmissionResult(
        submission.shown, submission.language, Verdict.CE, 0, problem.max_score, message, ()
    )


def _not_run(test: TestCase, failed_load: Finding, first: bool, reveal_hidden: bool) -> TestResult:
    message = failed_load.message if first else "not run: your file could not be loaded"
    return _result(test, Finding(failed_load.verdict, message, message), None, reveal_hidden)


def _run_test(
    problem: Problem,
    test: TestCase,
    expected: object,
    checker: Checker,
    session: Session,
    reveal_hidden: bool,
) -> TestResult:
    outcome = session.call(problem.args(test))
    reply = outcome.reply
    if outcome.termination is Termination.REPLIED and reply is not None:
        if outcome.cpu_s > problem.limits.time_s:  # replied, but only just after the limit
            finding = failure(replace(outcome, termination=Termination.CPU_LIMIT), problem)
        elif reply.kind is ReplyKind.VALUE and reply.value is not None:
            try:
                checked = checker.check(test.input, expected, reply.value)
            except Exception as error:  # noqa: BLE001 - a checker bug is the harness's fault
                raise InternalError(
                    f"checker {problem.checker} failed on {test.name}: {error}"
                ) from error
            finding = Finding(
                Verdict.AC if checked.passed else Verdict.WA,
                checked.message,
                checked.hint,
                checked.board,
            )
        elif reply.kind is ReplyKind.ERROR:
            finding = raised(reply.error_type, reply.message, reply.trace)
        elif reply.kind is ReplyKind.TOO_LARGE:
            finding = Finding(
                Verdict.OLE,
                f"the returned value is too large: {reply.message}",
                "the returned value is too large",
            )
        else:
            finding = Finding(
                Verdict.RTE, "the program answered out of turn on the judge's channel"
            )
    else:
        finding = failure(outcome, problem)
    return _result(test, finding, outcome, reveal_hidden)


def _result(
    test: TestCase, finding: Finding, outcome: RunOutcome | None, reveal_hidden: bool
) -> TestResult:
    output = ""
    if outcome is not None and (outcome.stdout or outcome.stderr):
        output = (outcome.stdout + outcome.stderr).decode("utf-8", "replace")
        if outcome.output_bytes > len(outcome.stdout) + len(outcome.stderr):
            output += f"\n[… {outcome.output_bytes} bytes printed in all; the rest is not shown]"
    accepted = finding.verdict is Verdict.AC
    full = TestResult(
        name=test.name,
        input=test.input,
        hidden=test.hidden,
        verdict=finding.verdict,
        time_s=outcome.cpu_s if outcome else 0.0,
        wall_s=outcome.wall_s if outcome else 0.0,
        memory_kib=outcome.memory_kib if outcome else 0,
        score=test.points if accepted else 0,
        max_score=test.points,
        message=finding.message,
        board=finding.board,
        output=output,
        line=test.line,
        hint=finding.hint,
    )
    return full if reveal_hidden or not test.hidden else hidden_view(full)


def hidden_view(test: TestResult) -> TestResult:
    """`test` as a student may see it: a hidden test keeps nothing of its input, answer or
    the program's output, only a verdict and a hint that would read the same for any input."""
    if not test.hidden:
        return test
    message = (
        test.verdict.description
        if test.verdict is Verdict.AC
        else f"{test.verdict.description} on a hidden test"
        + (f": {test.hint}" if test.hint else "")
    )
    return replace(test, input=None, message=message, board="", output="")


def student_view(result: SubmissionResult) -> SubmissionResult:
    """A result graded with hidden tests revealed, as the student may see it: no hidden
    test's detail, no flags."""
    return replace(result, tests=tuple(hidden_view(test) for test in result.tests), flags=())
