"""How a lesson's checks reach its dispatcher and are judged, without running anything
(pure): one branch per shape of call, whatever the number of cases; the cases' arguments
as data; what a dispatcher gave judged as the value it is."""

from __future__ import annotations

import pytest

from grader.checkers.dispatched import Dispatched, Expected, lesson_value
from grader.kinds import load_problem
from grader.lessons import dispatch
from grader.lessons.dispatch import probes_of, shapes_of
from grader.lessons.model import Lesson
from grader.lessons.speech import SPEECHES

from ..conftest import PROBLEMS

LANGUAGES = ("rust", "python", "cpp", "java", "csharp")


def _lesson(language: str) -> Lesson:
    lesson = load_problem(PROBLEMS / f"nqueens-lesson-{language}").details
    assert isinstance(lesson, Lesson)
    return lesson


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dispatcher_has_a_branch_per_shape_not_per_case(language: str) -> None:
    lesson = _lesson(language)
    probes = [probe for _, probe in probes_of(lesson, list(lesson.steps[:14]), None)]
    shapes = shapes_of(probes)
    cases = [probe for probe in probes if probe.case is not None]
    # Three functions: each declared once, then its calls by what they give back.
    assert len({shape.function.name for shape in shapes}) == 3
    assert len(shapes) < len(cases) / 3
    assert len({dispatch.test_name(probe) for probe in probes}) == len(probes)


@pytest.mark.parametrize("language", ["rust", "cpp", "java", "csharp"])
def test_a_line_of_a_branch_names_its_shape(language: str) -> None:
    lesson = _lesson(language)
    probes = [probe for _, probe in probes_of(lesson, list(lesson.steps[:14]), None)]
    shapes = shapes_of(probes)
    speech = SPEECHES[language]
    lines = speech.join("", [], shapes).text.splitlines()
    found = {speech.check_at(lines, number) for number in range(1, len(lines) + 1)}
    assert set(range(len(shapes))) <= found


@pytest.mark.parametrize(
    ("given", "value"),
    [
        ('{"type": "bool", "repr": "True"}', True),  # a driver's writer tags a bool
        ('[{"type":"float","repr":"0.5"}, 1]', [0.5, 1]),
        ("[[1, 3], [0]]", [[1, 3], [0]]),
        ('"text"', "text"),
    ],
)
def test_what_a_dispatcher_gave_is_read_as_the_value_it_is(given: str, value: object) -> None:
    assert lesson_value(given) == value


@pytest.mark.parametrize(
    ("expected", "given", "passed"),
    [
        (Expected(True), '{"type": "bool", "repr": "True"}', True),
        (Expected(True), "true", True),
        (Expected(True), "1", False),  # 1 is not true
        (Expected([[1, 3], [2, 0]], any_order=True), "[[2, 0], [1, 3]]", True),
        (Expected([[1, 3], [2, 0]]), "[[2, 0], [1, 3]]", False),
        (Expected([[1, 3]], any_order=True), "[[1, 3], [1, 3]]", False),
        (Expected([1]), "not JSON", False),
        ("ok", "ok", True),  # a declaration's branch
        ("ok", "takes 2 parameters", False),
    ],
)
def test_a_case_is_judged_on_the_value(expected: object, given: str, passed: bool) -> None:
    result = Dispatched().check({}, expected, given)
    assert result.passed is passed
    if not passed:
        assert given[:20] in result.message


def test_a_call_an_earlier_step_made_is_run_once() -> None:
    lesson = _lesson("rust")
    probes = [probe for _, probe in probes_of(lesson, list(lesson.steps[:14]), None)]
    runs = dispatch.distinct(probes)
    answering = dispatch.answered_by(probes)
    declared = [probe for probe in probes if probe.case is None]
    assert len(runs) < len(probes) and len(declared) > 3
    # Every later check of a declaration is answered by the first check of that function.
    firsts = {probe.function.name: probe for probe in reversed(declared)}
    for probe, answered in zip(probes, answering, strict=True):
        if probe.case is None:
            assert answered is firsts[probe.function.name]
        else:
            assert answered.case.args == probe.case.args  # type: ignore[union-attr]
            assert answered.check.observe == probe.check.observe
