"""Every call check of a lesson's steps answered by one build: the dispatcher (speech/base.py)
added after the student's code, called once per case as the test of a function problem made
for it, whose answers are what each case expects, as the dispatcher writes it (JSON text)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from ..judge import Asked, grade
from ..problem import Param, Problem, TestCase, Visibility
from ..results import SubmissionResult
from ..sandbox.base import Sandbox
from ..submission import Submission
from .model import Function, Lesson, Step
from .speech import SPEECHES
from .speech.base import DECLARED_CASE, DECLARED_OK, DISPATCHER, Joined, Probe

DISPATCH_PARAMS = (Param("check", "int"), Param("case", "int"))


def probes_of(lesson: Lesson, steps: list[Step]) -> list[tuple[Step, Probe]]:
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


def run_probes(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    probes: list[tuple[Step, Probe]],
    stubs: list[Function],
) -> tuple[SubmissionResult, str, Joined]:
    """The probes' results; the student's source and the file built from it."""
    lesson = problem.details
    assert isinstance(lesson, Lesson)
    source = submission.source.decode("utf-8", "replace")
    joined = SPEECHES[lesson.language].join(source, stubs, [probe for _, probe in probes])
    tests = tuple(
        TestCase(
            test_name(p),
            {"check": p.check_index, "case": p.case_index},
            1,
            Visibility.SAMPLE,
            p.case.line if p.case else p.check.line,
        )
        for _, p in probes
    )
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
    answers = {test_name(p): _expected(p) for _, p in probes}
    built = replace(submission, source=joined.text.encode())
    return grade(checks, answers, built, sandbox, Asked(shrink=False)), source, joined


def test_name(probe: Probe) -> str:
    return f"check{probe.check_index}-case{probe.case_index}"


def _expected(probe: Probe) -> str:
    if probe.case is None:
        return DECLARED_OK
    value = probe.case.expect
    if probe.check.any_order and isinstance(value, list):
        value = sorted(value)
    return json.dumps(value)


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
