"""A lesson's steps checked on a student's code: steps 1..K, each passing when it and every
step before it pass. One build answers every check of those steps (speech/base.py's
dispatcher); a step that runs the final tests grades the final problem with the student's
file as it is. A function a step asks for that the file does not declare yet is said as
that, never as a compiler's error; what later steps write is stubbed so the code so far
builds."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

from ..judge import Asked, grade
from ..problem import Param, Problem, TestCase, Visibility
from ..results import SubmissionResult, TestResult
from ..sandbox.base import Sandbox
from ..submission import Submission
from ..verdicts import Verdict
from .model import Function, Lesson, Step
from .speech import SPEECHES, Speech
from .speech.base import DECLARED_CASE, DECLARED_OK, DISPATCHER, Probe
from .wording import failed_case, failed_declaration, final_failure, missing_function

DISPATCH_PARAMS = (Param("check", "int"), Param("case", "int"))


@dataclass(frozen=True, slots=True)
class Finding:
    """What one step's own checks found: None where they pass."""

    verdict: Verdict
    message: str


def check_steps(
    problem: Problem, submission: Submission, sandbox: Sandbox, through: int | None = None
) -> SubmissionResult:
    lesson = lesson_of(problem)
    through = min(through or len(lesson.steps), len(lesson.steps))
    speech = SPEECHES[lesson.language]
    source = submission.source.decode("utf-8", "replace")
    steps = lesson.steps[:through]
    findings: dict[int, Finding | None] = {}
    missing = _first_missing(lesson, speech, source, steps)
    built = [step for step in steps if missing is None or step.number < missing[0]]
    stubs = [f for name, f in lesson.functions.items() if not speech.defines(source, name)]
    compile_output = ""
    if built:
        compile_output = _check_calls(problem, submission, sandbox, built, stubs, findings)
    if missing is not None:
        number, name = missing
        findings[number] = Finding(Verdict.WA, missing_function(speech, lesson, number, name))
    finals = [s for s in built if any(c.final for c in s.checks) and _passed_before(s, findings)]
    for step in finals:
        if findings.get(step.number) is None:
            findings[step.number] = _final(problem, submission, sandbox, speech, stubs, step)
    return _result(problem, submission, steps, findings, compile_output)


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


def _probes(lesson: Lesson, steps: list[Step]) -> list[tuple[Step, Probe]]:
    probes = []
    index = 0
    for step in steps:
        for check in step.checks:
            if check.final:
                continue
            function = lesson.functions[check.function]
            probes.append((step, Probe(index, DECLARED_CASE, check, function, None)))
            probes += [
                (step, Probe(index, i, check, function, case)) for i, case in enumerate(check.cases)
            ]
            index += 1
    return probes


def _check_calls(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    steps: list[Step],
    stubs: list[Function],
    findings: dict[int, Finding | None],
) -> str:
    """Every call check of `steps` in one build; each step's finding put in `findings`.
    The compiler's output where the student's own code does not build."""
    lesson = lesson_of(problem)
    speech = SPEECHES[lesson.language]
    probes = _probes(lesson, steps)
    for step in steps:
        findings[step.number] = None
    if not probes:
        return ""
    added = speech.added(stubs, [probe for _, probe in probes])
    source = submission.source.decode("utf-8", "replace")
    tests = tuple(
        TestCase(
            _test_name(p),
            {"check": p.check_index, "case": p.case_index},
            1,
            Visibility.SAMPLE,
            p.case.line if p.case else p.check.line,
        )
        for _, p in probes
    )
    answers = {_test_name(p): _expected(p) for _, p in probes}
    checks = replace(
        problem,
        id=f"{problem.id}-steps",
        kind="function",
        tests=tests,
        params=DISPATCH_PARAMS,
        returns="str",
        entry_points={lesson.language: (DISPATCHER,)},
        checker="exact",
        out_of=None,
        details=None,
    )
    joined = source + added
    built = replace(submission, source=joined.encode())
    result = grade(checks, answers, built, sandbox, Asked(shrink=False))
    if result.verdict is Verdict.CE:
        return _compile_failure(speech, steps, probes, result, source, joined, findings)
    by_name = {test.name: test for test in result.tests}
    for step, probe in probes:
        if findings.get(step.number) is not None:
            continue
        test = by_name.get(_test_name(probe))
        if test is None or test.verdict is Verdict.AC:
            continue
        if probe.case is None:
            told = str(test.returned) if test.verdict is Verdict.WA else test.message
            findings[step.number] = Finding(
                test.verdict, failed_declaration(speech, probe.function, source, told)
            )
        else:
            findings[step.number] = Finding(
                test.verdict, failed_case(speech, lesson, step, probe, test)
            )
    return ""


def _compile_failure(
    speech: Speech,
    steps: list[Step],
    probes: list[tuple[Step, Probe]],
    result: SubmissionResult,
    source: str,
    joined: str,
    findings: dict[int, Finding | None],
) -> str:
    """A build that failed: at a line of a check the grader added (a function not as
    declared), the step of that check fails saying so; else the student's code does not
    build, and the first step says it."""
    own_lines = source.count("\n") + 1
    lines = joined.splitlines()
    errors = _error_lines(result.compile_output)
    arms = [_arm_of(lines, number) for number in errors if number > own_lines]
    if errors and all(number > own_lines for number in errors):
        for step, probe in probes:
            if probe.check_index in arms:
                findings[step.number] = Finding(
                    Verdict.CE,
                    failed_declaration(speech, probe.function, source, ""),
                )
                return ""
    said = result.compile_output
    findings[steps[0].number] = Finding(Verdict.CE, f"your code does not compile yet:\n{said}")
    return said


def _error_lines(compiler_output: str) -> list[int]:
    """The line each error is at: the first place named after an error's first line (a
    note that follows may name the student's declaration, which is not where it is)."""
    found = []
    waiting = False
    for line in compiler_output.splitlines():
        if re.match(r"(\S+: )?error\b", line):
            waiting = True
            continue
        place = re.search(r"\.\w+:(\d+)(?::\d+)?\b", line)
        if waiting and place:
            found.append(int(place.group(1)))
            waiting = False
    return found


def _arm_of(lines: list[str], number: int) -> int | None:
    """The check whose dispatcher arm holds line `number` (1-based) of the built file."""
    for line in reversed(lines[:number]):
        arm = re.match(r"\s*\((\d+), -?\d+\) => \{", line)
        if arm:
            return int(arm.group(1))
    return None


def _test_name(probe: Probe) -> str:
    return f"check{probe.check_index}-case{probe.case_index}"


def _expected(probe: Probe) -> str:
    if probe.case is None:
        return DECLARED_OK
    value = probe.case.expect
    if probe.check.any_order and isinstance(value, list):
        value = sorted(value)
    return json.dumps(value)


def _passed_before(step: Step, findings: dict[int, Finding | None]) -> bool:
    return all(findings.get(number) is None for number in range(1, step.number))


def _final(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    speech: Speech,
    stubs: list[Function],
    step: Step,
) -> Finding | None:
    from ..kinds import kind_of, load_answers, load_problem

    lesson = lesson_of(problem)
    assert lesson.final is not None
    final = load_problem(lesson.final, problem.shown_from)
    final = replace(final, entry_points={lesson.language: (lesson.entry,)}, limits=problem.limits)
    added = speech.added(stubs, [])
    source = submission.source.decode("utf-8", "replace") + added
    joined = replace(submission, source=source.encode())
    result = kind_of(final).grade(final, load_answers(final), joined, sandbox, Asked(shrink=False))
    if result.verdict is Verdict.AC:
        return None
    return Finding(result.verdict, final_failure(lesson, step, final, result))


def _result(
    problem: Problem,
    submission: Submission,
    steps: tuple[Step, ...],
    findings: dict[int, Finding | None],
    compile_output: str,
) -> SubmissionResult:
    lesson = lesson_of(problem)
    results = []
    for step in steps:  # up to the first that fails: later ones are not reached yet
        found = findings.get(step.number)
        if found is None:
            results.append(_step_result(lesson, step, Verdict.AC, "passed"))
            continue
        results.append(_step_result(lesson, step, found.verdict, found.message))
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


def _step_result(lesson: Lesson, step: Step, verdict: Verdict, message: str) -> TestResult:
    return TestResult(
        name=f"step {step.number}",
        input=None,
        hidden=False,
        verdict=verdict,
        time_s=0.0,
        wall_s=0.0,
        memory_kib=0,
        score=1 if verdict is Verdict.AC else 0,
        max_score=1,
        message=f"step {step.number} of {len(lesson.steps)}, {step.title}: {message}",
        line=step.line,
    )
