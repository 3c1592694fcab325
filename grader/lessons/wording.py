"""What a student reads of a step that fails: the call as they would write it, what it gave,
what the lesson expected and why; the function a step asks for when it is not written yet."""

from __future__ import annotations

from ..checkers.dispatched import lesson_value
from ..problem import TestCase
from ..results import TestResult
from ..verdicts import Verdict
from .model import Function, Lesson
from .speech import Speech
from .speech.base import DISPATCHER, Probe


def missing_function(speech: Speech, lesson: Lesson, step: int, name: str) -> str:
    declared = speech.signature(lesson.functions[name])
    if lesson.introduced.get(name, step) < step:
        return f"`{name}` is gone from your code: step {lesson.introduced[name]} wrote `{declared}`"
    return f"this step asks for `{declared}`, which your code does not have yet"


def failed_declaration(speech: Speech, function: Function, source: str, detail: str) -> str:
    """`detail`: what was found wrong with it, where yours alone does not say."""
    wanted = f"`{function.name}` must be declared as `{speech.signature(function)}`"
    yours = speech.declaration(source, function.name)
    said = f": yours is `{yours}`" if yours else ""
    return wanted + said + (f" ({detail})" if detail else "")


def failed_case(speech: Speech, probe: Probe, test: TestResult) -> str:
    assert probe.case is not None
    call = speech.call(probe.function, probe.case.args)
    why = f": {probe.case.why}" if probe.case.why else ""
    if test.verdict is not Verdict.WA or not isinstance(test.returned, str):
        # The dispatcher's own frame is the grader's: a trace shows the student's alone.
        said = "\n".join(line for line in test.message.splitlines() if DISPATCHER not in line)
        return f"`{call}`: {said}"
    expected = speech.literal(probe.case.expect)
    try:
        got = speech.literal(lesson_value(test.returned))
    except ValueError:
        got = test.returned
    order = " (in any order)" if probe.check.any_order else ""
    if probe.check.observe:
        return f"after `{call}`, {probe.check.observe} is {got}, expected {expected}{order}{why}"
    return f"`{call}` returned {got}, expected {expected}{order}{why}"


def final_failure(lesson: Lesson, test: TestCase, result: TestResult) -> str:
    """A final test the entry point fails: a hidden one by its alias and verdict alone."""
    if test.hidden:
        return f"{lesson.entry} fails {test.shown_name}: {result.message}"
    return f"{lesson.entry} fails test {test.name}: {result.message}"
