"""One test: the program called with its input, the reply checked, the verdict decided; and
what a student may see of a hidden one."""

from __future__ import annotations

from dataclasses import replace

from ..checkers import Checker
from ..errors import InternalError
from ..languages import LANGUAGES
from ..problem import Problem, TestCase
from ..protocol import ReplyKind
from ..results import TestResult
from ..sandbox.base import RunOutcome, Session, Termination
from ..submission import Submission
from ..verdicts import Verdict
from .failures import Finding, failure, raised


def for_language(problem: Problem, submission: Submission) -> Problem:
    """The problem with its limits for the submission's language."""
    language = LANGUAGES[submission.language]
    return replace(problem, limits=problem.limits.for_language(language.id, language.time_factor))


def run_test(
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
    return test_result(test, finding, outcome, reveal_hidden)


def test_result(
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
