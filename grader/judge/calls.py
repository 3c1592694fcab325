"""One test: the program called with its input, the reply checked, the verdict decided; and
what a student may see of a hidden one."""

from __future__ import annotations

import json
from dataclasses import replace

from ..checkers.base import CheckResult
from ..errors import InternalError
from ..problem import TestCase
from ..protocol import ReplyKind, Value
from ..results import TestResult
from ..sandbox.base import RunOutcome, Session, Termination
from ..verdicts import Verdict
from .failures import Finding, failure, raised
from .grading import Grading


def run_test(
    grading: Grading, test: TestCase, session: Session, reveal_hidden: bool = True
) -> TestResult:
    """`test` called in `session` and checked against its stored answer."""
    problem = grading.problem
    outcome = session.call(problem.args(test))
    reply = outcome.reply
    returned: object = None
    if outcome.termination is Termination.REPLIED and reply is not None:
        if outcome.cpu_s > problem.limits.time_s:  # replied, but only just after the limit
            finding = failure(replace(outcome, termination=Termination.CPU_LIMIT), problem)
        elif reply.kind is ReplyKind.VALUE and reply.value is not None:
            checked = checked_value(grading, test, reply.value)
            finding = Finding(
                Verdict.AC if checked.passed else Verdict.WA,
                checked.message,
                checked.hint,
                checked.board,
            )
            if not checked.passed:
                returned = _returned(reply.value)
        elif reply.kind is ReplyKind.ERROR:
            finding = raised(reply.error_type, reply.message, reply.trace, grading.language)
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
    return test_result(test, finding, outcome, reveal_hidden, returned)


def checked_value(grading: Grading, test: TestCase, value: Value) -> CheckResult:
    """The checker's word on `value` as `test`'s answer; a checker's own fault is IE."""
    try:
        return grading.checker.check(test.input, grading.expected(test), value)
    except Exception as error:  # noqa: BLE001 - a checker bug is the harness's fault
        raise InternalError(
            f"checker {grading.problem.checker} failed on {test.name}: {error}"
        ) from error


# A wrong answer larger than this (as JSON) is not kept for the page: its message says
# what is wrong, and a result stays small to store and to send.
RETURNED_MAX_BYTES = 64 * 1024


def _returned(value: object) -> object:
    """`value` as JSON data (a type the wire names, such as a float or None, as its text),
    or None when it is too large to keep."""
    text = json.dumps(value, separators=(",", ":"), default=str)
    return json.loads(text) if len(text) <= RETURNED_MAX_BYTES else None


def test_result(
    test: TestCase,
    finding: Finding,
    outcome: RunOutcome | None,
    reveal_hidden: bool,
    returned: object = None,
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
        alias=test.shown_name if test.hidden else "",
        returned=returned,
        judge_note=finding.note if reveal_hidden else "",
    )
    return full if reveal_hidden or not test.hidden else hidden_view(full)


# What a student is told of a hidden test: one sentence per verdict. Nothing in it depends on
# the input or on anything the program chose (its exit code, a signal, an exception's name,
# what it printed or returned, how long it took or how much memory): a program may choose
# those from the input, and so spell the hidden input out to the student.
HIDDEN_MESSAGES: dict[Verdict, str] = {
    Verdict.AC: "accepted",
    Verdict.WA: "wrong answer on a hidden test",
    Verdict.TLE: "time limit exceeded on a hidden test",
    Verdict.MLE: "memory limit exceeded on a hidden test",
    Verdict.OLE: "output limit exceeded on a hidden test",
    Verdict.RTE: "runtime error on a hidden test (an exception, a crash or an exit)",
    Verdict.CE: "not run: your file could not be loaded",
    Verdict.IE: "the grader failed on a hidden test (not your code's fault)",
}


def hidden_view(test: TestResult) -> TestResult:
    """`test` as a student may see it. A hidden test keeps its verdict and points, under a
    neutral name, with a message that reads the same for any input and any program
    (HIDDEN_MESSAGES); nothing of its input, answer, output, time or memory."""
    if not test.hidden:
        return test
    return replace(
        test,
        name=test.alias or "hidden",
        input=None,
        time_s=0.0,
        wall_s=0.0,
        memory_kib=0,
        message=HIDDEN_MESSAGES[test.verdict],
        board="",
        output="",
        line=None,
        hint="",
        redacted=True,
        returned=None,
        judge_note="",
    )
