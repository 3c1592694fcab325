"""Every call check of a lesson's steps answered by one build: the dispatcher (speech/base.py)
added to the student's code, called once per case as the test of a function problem made
for it, whose arguments are the branch to take and the case's arguments (JSON text), and
whose answers are what each case expects (checkers/dispatched.py)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..checkers import checker_for
from ..checkers.base import Checker
from ..checkers.dispatched import Expected, Final
from ..judge import Asked, grade
from ..problem import Param, Problem, TestCase, Visibility
from ..results import SubmissionResult
from ..sandbox.base import Sandbox
from ..submission import Submission
from .model import Case, Function, Lesson, Step
from .speech import SPEECHES
from .speech.base import DECLARED_CASE, DECLARED_OK, DISPATCHER, Joined, Probe, Shape

DISPATCH_PARAMS = (Param("call", "int"), Param("args", "str"))


@dataclass(frozen=True, slots=True)
class FinalTests:
    """The function problem a lesson's final check runs the tests of, and their answers."""

    problem: Problem
    answers: Mapping[str, object]


def probes_of(
    lesson: Lesson, steps: list[Step], final: FinalTests | None
) -> list[tuple[Step, Probe]]:
    """Every call the dispatcher answers for `steps`: per check, its declaration then each
    case; a final check's, each of the final problem's tests on the entry point."""
    probes = []
    for index, (step, check) in enumerate((s, c) for s in steps for c in s.checks):
        if check.final:
            assert final is not None
            entry = lesson.functions[lesson.entry]
            for i, test in enumerate(final.problem.tests):
                case = Case(final.problem.args(test), final.answers[test.name], "", test.line)
                probes.append((step, Probe(index, i, check, entry, case, test)))
            continue
        function = lesson.functions[check.function]
        probes.append((step, Probe(index, DECLARED_CASE, check, function, None)))
        probes += [(step, Probe(index, i, check, function, c)) for i, c in enumerate(check.cases)]
    return probes


def run_probes(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    probes: list[tuple[Step, Probe]],
    stubs: list[Function],
    final: FinalTests | None,
) -> tuple[SubmissionResult, str, Joined]:
    """The probes' results; the student's source and the file built from it. A final
    test keeps its visibility: a hidden one's result says nothing of it."""
    lesson = problem.details
    assert isinstance(lesson, Lesson)
    source = submission.source.decode("utf-8", "replace")
    shapes = shapes_of([probe for _, probe in probes])
    joined = SPEECHES[lesson.language].join(source, stubs, shapes)
    call_of = {shape: call for call, shape in enumerate(shapes)}
    runs = list(distinct([probe for _, probe in probes]).values())
    tests = tuple(_test_of(probe, call_of[probe.shape]) for probe in runs)
    checks = replace(
        problem,
        id=f"{problem.id}-steps",
        kind="function",
        tests=tests,
        params=DISPATCH_PARAMS,
        returns="str",
        entry_points={lesson.language: (DISPATCHER,)},
        checker="lesson-dispatch",
        out_of=None,
        details=None,
    )
    judged = checker_for(final.problem) if final else None
    answers = {test_name(probe): _expected(probe, judged) for probe in runs}
    built = replace(submission, source=joined.text.encode())
    return grade(checks, answers, built, sandbox, Asked(shrink=False)), source, joined


def distinct(probes: list[Probe]) -> dict[tuple[object, ...], Probe]:
    """The first probe of each call and expectation: one run answers for every probe alike
    (a later step's check of a declaration an earlier one checked, a case it repeats)."""
    found: dict[tuple[object, ...], Probe] = {}
    for probe in probes:
        found.setdefault(_alike(probe), probe)
    return found


def answered_by(probes: list[Probe]) -> list[Probe]:
    """For each probe, in order, the probe whose run answers it."""
    runs = distinct(probes)
    return [runs[_alike(probe)] for probe in probes]


def _alike(probe: Probe) -> tuple[object, ...]:
    if probe.test is not None:
        return (probe.shape, probe.test.name)
    if probe.case is None:
        return (probe.shape,)
    expected = json.dumps(probe.case.expect)
    return (probe.shape, json.dumps(list(probe.case.args)), expected, probe.check.any_order)


def shapes_of(probes: list[Probe]) -> list[Shape]:
    """The dispatcher's branches, each once, in the order the probes first need them."""
    return list(dict.fromkeys(probe.shape for probe in probes))


def _test_of(probe: Probe, call: int) -> TestCase:
    given = list(probe.case.args) if probe.case else []
    arguments = {"call": call, "args": json.dumps(given)}
    if probe.test is not None:
        return replace(probe.test, name=test_name(probe), input=arguments, points=1)
    line = probe.case.line if probe.case else probe.check.line
    return TestCase(test_name(probe), arguments, 1, Visibility.SAMPLE, line)


def result_name(probe: Probe) -> str:
    """The name its result comes back under: a hidden final test's is its alias."""
    if probe.test is not None and probe.test.hidden:
        return probe.test.shown_name
    return test_name(probe)


def test_name(probe: Probe) -> str:
    return f"check{probe.check_index}-case{probe.case_index}"


def _expected(probe: Probe, judged: Checker | None) -> object:
    if probe.case is None:
        return DECLARED_OK
    if probe.test is not None:
        assert judged is not None
        return Final(judged, probe.test.input, probe.case.expect)
    return Expected(probe.case.expect, probe.check.any_order)


def error_lines(compiler_output: str) -> list[int]:
    """The line each error is at: the first place named after an error's first line (a
    note that follows may name the student's declaration, which is not where it is)."""
    found = []
    waiting = False
    for line in compiler_output.splitlines():
        # gcc's and javac's `file:line:column: error`, mcs's `file(line,column): error`
        on_line = re.search(r"\.\w+(?::(\d+):\d+:|\((\d+),\d+\):) (?:fatal )?error\b", line)
        if on_line:
            found.append(int(on_line.group(1) or on_line.group(2)))
            continue
        if re.match(r"(\S+: )?error\b", line):  # rustc's: its place on a line below
            waiting = True
            continue
        place = re.search(r"\.\w+:(\d+)(?::\d+)?\b", line)
        if waiting and place:
            found.append(int(place.group(1)))
            waiting = False
    return found
