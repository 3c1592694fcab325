"""The pipeline: build, load, call once per test, check, and decide every verdict here.

Whatever a submission does wrong becomes a Verdict in this module; only a fault of the
harness raises, and `grade` turns it into IE for that submission alone.
"""

from __future__ import annotations

import builtins
import re
import signal
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

from .checkers import CHECKERS, Checker
from .errors import GraderError, InternalError, SandboxUnavailable
from .hints import python2_error, python2_syntax
from .languages import LANGUAGES
from .problem import Problem, TestCase, load_answer
from .protocol import ReplyKind
from .results import SubmissionResult, TestResult
from .sandbox.base import RunOutcome, Sandbox, Session, Termination
from .submission import Submission
from .text import printable
from .verdicts import Verdict


@dataclass(frozen=True, slots=True)
class Finding:
    """A verdict with what to tell the student: `message` may show the test, `hint` not."""

    verdict: Verdict
    message: str
    hint: str = ""
    board: str = ""


def load_answers(problem: Problem) -> dict[str, object]:
    """Every test's stored answer. Raises ProblemError when one is missing or stale."""
    return {test.name: load_answer(problem, test) for test in problem.tests}


def grade(
    problem: Problem,
    answers: Mapping[str, object],
    submission: Submission,
    sandbox: Sandbox,
    reveal_hidden: bool = False,
) -> SubmissionResult:
    """Grade one submission. Never raises for anything the submission does; a harness
    fault becomes verdict IE with its message, so a batch goes on. A machine that cannot
    grade this language at all (no toolchain) raises SandboxUnavailable: the user fixes it."""
    try:
        return _printable(_grade(problem, answers, submission, sandbox, reveal_hidden))
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


def _printable(result: SubmissionResult) -> SubmissionResult:
    """Every text the submission controls (its file's name, what it raised or printed, its
    compiler's messages) made safe once here, for every report, the gradebook and the
    service alike (text.py)."""
    tests = tuple(
        replace(
            test,
            message=printable(test.message),
            board=printable(test.board),
            output=printable(test.output),
        )
        for test in result.tests
    )
    return replace(
        result,
        submission=printable(result.submission, one_line=True),
        compile_output=printable(result.compile_output),
        tests=tests,
    )


def _grade(
    problem: Problem,
    answers: Mapping[str, object],
    submission: Submission,
    sandbox: Sandbox,
    reveal_hidden: bool,
) -> SubmissionResult:
    if submission.refused:
        return _compile_error(problem, submission, submission.refused)
    language = LANGUAGES[submission.language]
    limits = problem.limits.for_language(language.id, language.time_factor)
    problem = replace(problem, limits=limits)
    build = language.build(submission, problem, sandbox)
    name = submission.path.name
    if build.program is None:
        said = build.compile_output
        located = said if said.startswith(name) else f"{name}: {said}"
        return _compile_error(problem, submission, located)
    checker = CHECKERS[problem.checker]
    with sandbox.session(build.program, problem.limits, len(problem.tests)) as session:
        failed_load = _load_finding(session.load(), name, problem)
        if failed_load is not None and failed_load.verdict is Verdict.CE:
            return _compile_error(problem, submission, failed_load.message)
        tests = tuple(
            _not_run(test, failed_load, index == 0, reveal_hidden)
            if failed_load is not None
            else _run_test(problem, test, answers[test.name], checker, session, reveal_hidden)
            for index, test in enumerate(problem.tests)
        )
    failing = [test.verdict for test in tests if test.verdict is not Verdict.AC]
    return SubmissionResult(
        submission=submission.shown,
        language=submission.language,
        verdict=failing[0] if failing else Verdict.AC,
        score=sum(test.score for test in tests),
        max_score=problem.max_score,
        compile_output=failed_load.message if failed_load else "",
        tests=tests,
    )


def _compile_error(problem: Problem, submission: Submission, message: str) -> SubmissionResult:
    return SubmissionResult(
        submission.shown, submission.language, Verdict.CE, 0, problem.max_score, message, ()
    )


def _load_finding(outcome: RunOutcome, name: str, problem: Problem) -> Finding | None:
    """None when the submission loaded; otherwise why not, as the verdict of every test."""
    reply = outcome.reply
    if reply is not None and reply.kind is ReplyKind.READY:
        return None
    if reply is not None and reply.kind is ReplyKind.LOAD_ERROR:
        where = f"{name}:{reply.line}" if reply.line else name
        first, newline, excerpt = reply.message.partition("\n")
        advice = python2_syntax(reply.message)
        return Finding(Verdict.CE, f"{where}: {first}{advice}{newline}{excerpt}")
    if reply is not None and reply.kind is ReplyKind.ERROR:
        if reply.error_type == "MemoryError":
            return Finding(Verdict.MLE, "your file ran out of memory while it was being loaded")
        where = f"{name}:{reply.line}" if reply.line else name
        if reply.error_type == "SystemExit":
            what = "called exit() while it was being loaded"
        else:
            what = f"raised {_exception(reply.error_type, reply.message)} while it was being loaded"
        advice = python2_error(reply.error_type, reply.message)
        if not advice and reply.error_type == "NameError":
            advice = (
                " A name must be defined or imported before the line that runs it: is it "
                "misspelt, or defined further down?"
            )
        if not advice:
            advice = (
                " Code at the top level of the file runs when it is loaded; keep only "
                'definitions there (or guard it with `if __name__ == "__main__":`).'
            )
        return Finding(
            Verdict.CE,
            f"{where}: your file {what}.{advice}" + (f"\n{reply.trace}" if reply.trace else ""),
        )
    finding = _failure(outcome, problem)
    return Finding(finding.verdict, f"while your file was being loaded: {finding.message}")


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
            finding = _failure(replace(outcome, termination=Termination.CPU_LIMIT), problem)
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
            finding = _raised(reply.error_type, reply.message, reply.trace)
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
        finding = _failure(outcome, problem)
    return _result(test, finding, outcome, reveal_hidden)


def _raised(error_type: str, message: str, trace: str) -> Finding:
    if error_type == "MemoryError":
        return Finding(Verdict.MLE, "ran out of memory (MemoryError)", "ran out of memory")
    if error_type == "SystemExit":
        return Finding(
            Verdict.RTE,
            "called exit() inside the function: return the answer instead of exiting",
            "the program called exit()",
        )
    if error_type == "panic":
        return Finding(Verdict.RTE, f"panicked: {message}", "the program panicked")
    advice = python2_error(error_type, message)
    if error_type == "RecursionError":
        advice = " Does every recursive call move towards a base case?"
    shown = _exception(error_type, message)
    hint_type = error_type if _is_builtin_exception(error_type) else "an exception"
    return Finding(
        Verdict.RTE,
        f"raised {shown}{'' if shown.endswith('.') else '.'}{advice}"
        + (f"\n{trace}" if trace else ""),
        f"the program raised {hint_type}",
    )


def _failure(outcome: RunOutcome, problem: Problem) -> Finding:
    """The verdict for an exchange that ended without a usable reply."""
    limits = problem.limits
    kind = outcome.termination
    if kind is Termination.CPU_LIMIT:
        text = f"used more than {limits.time_s:g} s of CPU time"
        return Finding(
            Verdict.TLE,
            text + "; is there a loop that never ends, or a slower algorithm than needed?",
            text,
        )
    if kind is Termination.WALL_LIMIT:
        text = f"did not finish within {limits.wall_s:g} s of wall-clock time"
        return Finding(Verdict.TLE, text + " (it was waiting or sleeping, not computing)", text)
    if kind is Termination.OUTPUT_LIMIT:
        text = f"printed more than {limits.output_kib} KiB"
        return Finding(Verdict.OLE, text + "; remove debugging prints", text)
    if kind is Termination.MEMORY_LIMIT:
        text = f"used more than {limits.memory_mib} MiB of memory"
        return Finding(Verdict.MLE, text + " and was stopped by the system", text)
    if kind is Termination.FRAME_LIMIT:
        return Finding(
            Verdict.OLE, "the returned value is too large", "the returned value is too large"
        )
    if kind is Termination.SIGNALED and b"memory allocation of" in outcome.stderr:
        # Rust's allocator, out of memory, reports and aborts (statically linked: SIGSEGV).
        return Finding(Verdict.MLE, "ran out of memory (an allocation failed)", "ran out of memory")
    if kind is Termination.SIGNALED and outcome.signal is not None:
        return _signaled(outcome.signal, limits.memory_mib)
    if kind is Termination.EXITED:
        text = f"the program exited (exit code {outcome.exit_code}) without returning a value"
        return Finding(Verdict.RTE, text + "; do not call exit() or os._exit()", text)
    return Finding(
        Verdict.RTE,
        outcome.detail or "the program broke the judge's channel",
        "the program broke the judge's channel",
    )


def _signaled(number: int, memory_mib: int) -> Finding:
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    if number == signal.SIGXCPU:
        return Finding(Verdict.TLE, "used up its CPU time", "used up its CPU time")
    if number == signal.SIGXFSZ:
        return Finding(
            Verdict.OLE, "wrote a file larger than allowed", "wrote a file larger than allowed"
        )
    explanations: dict[int, str] = {
        signal.SIGSEGV: " (segmentation fault: an invalid memory access, or a recursion too "
        "deep for the stack)",
        signal.SIGABRT: " (aborted)",
        signal.SIGFPE: " (arithmetic error)",
        signal.SIGKILL: f" (killed: perhaps more than {memory_mib} MiB of memory)",
    }
    why = explanations.get(number, "")
    text = f"the program was killed by {name}"
    return Finding(Verdict.RTE, text + why, text)


def _exception(error_type: str, message: str) -> str:
    return f"{error_type}: {message}" if message else error_type


# The standard libraries' common exceptions, listed: a submission can declare a type in
# namespace `std` or `System` itself.
LIBRARY_EXCEPTIONS: Final = frozenset(
    [
        *(
            f"std::{name}"
            for name in [
                "exception",
                "logic_error",
                "invalid_argument",
                "domain_error",
                "length_error",
                "out_of_range",
                "runtime_error",
                "range_error",
                "overflow_error",
                "underflow_error",
                "bad_alloc",
                "bad_cast",
                "bad_function_call",
                "bad_optional_access",
                "bad_variant_access",
                "bad_array_new_length",
            ]
        ),
        *(
            f"System.{name}"
            for name in [
                "Exception",
                "SystemException",
                "IndexOutOfRangeException",
                "ArgumentException",
                "ArgumentOutOfRangeException",
                "ArgumentNullException",
                "NullReferenceException",
                "InvalidOperationException",
                "DivideByZeroException",
                "OverflowException",
                "ArithmeticException",
                "InvalidCastException",
                "FormatException",
                "NotImplementedException",
                "NotSupportedException",
                "OutOfMemoryException",
                "StackOverflowException",
                "Collections.Generic.KeyNotFoundException",
            ]
        ),
    ]
)


def _is_builtin_exception(name: str) -> bool:
    """Whether a hidden test may name the type: a standard library's own, never one the
    submission defines (its name could spell out the hidden input)."""
    if name in LIBRARY_EXCEPTIONS or re.fullmatch(r"java\.[\w.$]+", name):
        return True  # no class loader but the JVM's own defines a class in java.*
    candidate = getattr(builtins, name, None)
    return isinstance(candidate, type) and issubclass(candidate, BaseException)


def _result(
    test: TestCase, finding: Finding, outcome: RunOutcome | None, reveal_hidden: bool
) -> TestResult:
    show = reveal_hidden or not test.hidden
    accepted = finding.verdict is Verdict.AC
    if show:
        message, board = finding.message, finding.board
    else:
        # Nothing of a hidden test's input, answer or the program's output: a verdict and a
        # hint that would read the same for any input.
        message = (
            finding.verdict.description
            if accepted
            else (
                f"{finding.verdict.description} on a hidden test"
                + (f": {finding.hint}" if finding.hint else "")
            )
        )
        board = ""
    output = ""
    if show and outcome is not None and (outcome.stdout or outcome.stderr):
        output = (outcome.stdout + outcome.stderr).decode("utf-8", "replace")
        if outcome.output_bytes > len(outcome.stdout) + len(outcome.stderr):
            output += f"\n[… {outcome.output_bytes} bytes printed in all; the rest is not shown]"
    return TestResult(
        name=test.name,
        input=test.input if show else None,
        hidden=test.hidden,
        verdict=finding.verdict,
        time_s=outcome.cpu_s if outcome else 0.0,
        wall_s=outcome.wall_s if outcome else 0.0,
        memory_kib=outcome.memory_kib if outcome else 0,
        score=test.points if accepted else 0,
        max_score=test.points,
        message=message,
        board=board,
        output=output,
        line=test.line,
    )
