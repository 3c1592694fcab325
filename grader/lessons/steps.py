"""A lesson's steps checked on a student's code: steps 1..K, each passing when it and every
step before it pass. One build answers every check of those steps, the final tests too
(dispatch.py). A function a step asks for that the file does not declare yet is said as
that, never as a compiler's error; what later steps write is stubbed so the code so far
builds."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InternalError
from ..functions.reader import load_function_problem
from ..judge import load_answers
from ..problem import Problem
from ..results import SubmissionResult, TestResult, step_name
from ..sandbox.base import Sandbox
from ..submission import Submission
from ..verdicts import Verdict
from .dispatch import (
    FinalTests,
    answered_by,
    error_lines,
    probes_of,
    result_name,
    run_probes,
    shapes_of,
)
from .model import Function, Lesson, Step
from .speech import SPEECHES, Speech
from .speech.base import Joined, Probe
from .wording import failed_case, failed_declaration, final_failure, missing_function


@dataclass(frozen=True, slots=True)
class Finding:
    """What one step's own checks found (None where they pass)."""

    verdict: Verdict
    message: str


@dataclass(slots=True)
class Checked:
    """What the checks found so far, per step, and the runs that cost it."""

    findings: dict[int, Finding | None] = field(default_factory=dict)
    spent: dict[int, list[TestResult]] = field(default_factory=dict)

    def cost(self, step: Step, tests: list[TestResult]) -> None:
        self.spent.setdefault(step.number, []).extend(tests)


def check_steps(
    problem: Problem, submission: Submission, sandbox: Sandbox, through: int | None = None
) -> SubmissionResult:
    lesson = lesson_of(problem)
    speech = SPEECHES[lesson.language]
    source = submission.source.decode("utf-8", "replace")
    steps = lesson.steps[: through or len(lesson.steps)]
    checked = Checked()
    missing = _first_missing(lesson, speech, source, steps)
    built = [step for step in steps if missing is None or step.number < missing[0]]
    stubs = [f for name, f in lesson.functions.items() if not speech.defines(source, name)]
    compile_output = ""
    if built:
        compile_output = _check_calls(problem, submission, sandbox, built, stubs, checked)
    if missing is not None:
        number, name = missing
        told = missing_function(speech, lesson, number, name)
        checked.findings[number] = Finding(Verdict.WA, told)
    return _result(problem, submission, steps, checked, compile_output)


def lesson_of(problem: Problem) -> Lesson:
    assert isinstance(problem.details, Lesson), problem.kind
    return problem.details


def _first_missing(
    lesson: Lesson, speech: Speech, source: str, steps: tuple[Step, ...]
) -> tuple[int, str] | None:
    """The first step that asks for a function the file does not declare, and that one."""
    for step in steps:
        for check in step.checks:
            if check.function and not speech.defines(source, check.function):
                return step.number, check.function
    return None


def _check_calls(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    steps: list[Step],
    stubs: list[Function],
    checked: Checked,
) -> str:
    """Every call check of `steps` in one build; each step's finding put in `findings`.
    The compiler's output where the student's own code does not build."""
    lesson = lesson_of(problem)
    speech = SPEECHES[lesson.language]
    final = None
    if lesson.final is not None and any(c.final for step in steps for c in step.checks):
        tests = load_function_problem(lesson.final, problem.shown_from)
        final = FinalTests(tests, load_answers(tests))
    probes = probes_of(lesson, steps, final)
    for step in steps:
        checked.findings[step.number] = None
    if not probes:
        return ""
    result, source, joined = run_probes(problem, submission, sandbox, probes, stubs, final)
    if result.verdict is Verdict.IE:  # the grader's fault: never a step passed or failed
        raise InternalError(result.compile_output)
    if result.verdict is Verdict.CE:
        return _compile_failure(speech, steps, probes, result, source, joined, checked)
    by_name = {test.name: test for test in result.tests}
    answering = answered_by([probe for _, probe in probes])
    for (step, probe), answered in zip(probes, answering, strict=True):
        test = by_name.get(result_name(answered))
        checked.cost(step, [test] if test else [])
        if checked.findings.get(step.number) is None:
            found = _finding(speech, lesson, source, probe, test, result.verdict)
            checked.findings[step.number] = found
    return ""


def _finding(
    speech: Speech,
    lesson: Lesson,
    source: str,
    probe: Probe,
    test: TestResult | None,
    overall: Verdict,
) -> Finding | None:
    """What one probe's result says of its step; None where it passed."""
    if test is None:  # not run: the checks before it used up the submission's time
        return Finding(overall, "not checked: the checks before it used up the time for them all")
    if test.verdict is Verdict.AC:
        return None
    if probe.test is not None:
        return Finding(test.verdict, final_failure(lesson, probe.test, test))
    if probe.case is None:
        told = str(test.returned) if test.verdict is Verdict.WA else test.message
        return Finding(test.verdict, failed_declaration(speech, probe.function, source, told))
    return Finding(test.verdict, failed_case(speech, probe, test))


def _compile_failure(
    speech: Speech,
    steps: list[Step],
    probes: list[tuple[Step, Probe]],
    result: SubmissionResult,
    source: str,
    joined: Joined,
    checked: Checked,
) -> str:
    """A build that failed: at a line of a branch the grader added (a function not as
    declared), the first step checking that function fails saying so; else the student's
    code does not build, and the first step says it."""
    lines = joined.text.splitlines()
    errors = error_lines(result.compile_output)
    shapes = shapes_of([probe for _, probe in probes])
    branches = [speech.check_at(lines, number) for number in errors if number in joined.added]
    failing = {shapes[branch].function.name for branch in branches if branch is not None}
    if errors and all(number in joined.added for number in errors):
        for step, probe in probes:
            if probe.function.name in failing:
                checked.findings[step.number] = Finding(
                    Verdict.CE,
                    failed_declaration(speech, probe.function, source, ""),
                )
                return ""
    said = result.compile_output
    told = f"your code does not compile yet:\n{said}"
    checked.findings[steps[0].number] = Finding(Verdict.CE, told)
    return said


def _result(
    problem: Problem,
    submission: Submission,
    steps: tuple[Step, ...],
    checked: Checked,
    compile_output: str,
) -> SubmissionResult:
    lesson = lesson_of(problem)
    results = []
    for step in steps:  # up to the first that fails: later ones are not reached yet
        found = checked.findings.get(step.number)
        spent = checked.spent.get(step.number, [])
        if found is None:
            results.append(_step_result(lesson, step, Verdict.AC, "passed", spent))
            continue
        results.append(_step_result(lesson, step, found.verdict, found.message, spent))
        break
    return SubmissionResult(
        submission.shown,
        submission.language,
        results[-1].verdict,  # the failing step's, or AC
        sum(test.score for test in results),
        len(lesson.steps),
        compile_output,
        tuple(results),
    )


def _step_result(
    lesson: Lesson, step: Step, verdict: Verdict, message: str, spent: list[TestResult]
) -> TestResult:
    return TestResult(
        name=step_name(step.number),
        input=None,
        hidden=False,
        verdict=verdict,
        time_s=round(sum(test.time_s for test in spent), 6),
        wall_s=round(sum(test.wall_s for test in spent), 6),
        memory_kib=max((test.memory_kib for test in spent), default=0),
        score=1 if verdict is Verdict.AC else 0,
        max_score=1,
        message=f"step {step.number} of {len(lesson.steps)}, {step.title}: {message}",
        line=step.line,
    )
