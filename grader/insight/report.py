"""`grader report`: a class after a deadline, in one self-contained HTML file (its pictures
inline SVG, its styles inline, no script, nothing fetched): verdicts, scores, each test's pass
rate, where submissions first fail, time per language, the catch matrix as a heat map, and
the flagged and similar submissions with their code. The same page is the service's
`/class/{problem}/report`."""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..kinds import kind_of
from ..problem import Problem
from ..reports.json_report import TestDocument
from ..results import step_name
from ..storage.gradebook import Gradebook
from ..verdicts import Verdict
from . import charts
from .classwork import common_ground
from .similarity import THRESHOLD, Pair, document, region_lines, similar_pairs

VERDICT_ORDER = tuple(Verdict)


@dataclass(frozen=True, slots=True)
class Handed:
    """One student's latest submission, as the gradebook holds it."""

    student: str
    file: str
    language: str
    verdict: Verdict
    score: float
    max_score: float
    tests: tuple[TestDocument, ...]
    flags: tuple[str, ...]
    source: str
    best_score: float = 0.0  # over all their results: a lesson's most steps passed

    @property
    def cpu_s(self) -> float:
        return sum(test["time_s"] or 0.0 for test in self.tests)

    def first_failing(self) -> str | None:
        if self.verdict is Verdict.AC:
            return None
        failing = next((t for t in self.tests if t["verdict"] != Verdict.AC), None)
        return failing["name"] if failing else "build"

    def first_failure_message(self) -> str:
        failing = next((t for t in self.tests if t["verdict"] != Verdict.AC), None)
        return failing["message"].splitlines()[0] if failing and failing["message"] else ""


def class_of(gradebook: Gradebook, problem: str) -> list[Handed]:
    sources = {
        student: (name, language, source)
        for student, name, language, source in gradebook.latest_sources(problem)
    }
    best = gradebook.best_scores(problem)
    handed = []
    for student, score, max_score, result in gradebook.latest(problem):
        name, language, source = sources.get(
            student, (result["submission"], result["language"], b"")
        )
        handed.append(
            Handed(
                student,
                name,
                language,
                Verdict(result["verdict"]),
                score,
                max_score,
                tuple(result["tests"]),
                tuple(flag["message"] for flag in result["flags"]),
                source.decode("utf-8", "replace"),
                best.get(student, score),
            )
        )
    return handed


def render(
    problem: Problem,
    handed: Sequence[Handed],
    threshold: float = THRESHOLD,
    common: Sequence[Path] = (),
) -> str:
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    environment = Environment(
        loader=FileSystemLoader(Path(__file__).with_name("templates")),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    pairs = _pairs(problem, handed, threshold, common)
    summary = _summary(problem, handed)
    return environment.get_template("report.html").render(
        problem=problem,
        handed=handed,
        generated=datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        summary=summary,
        pictures=_pictures(problem, handed, summary),
        flagged=[h for h in handed if h.flags],
        pairs=pairs,
        regions=[_side_by_side(pair) for pair in pairs],
        threshold=threshold,
        anchors={h.student: f"code-{index}" for index, h in enumerate(handed)},
        shown={h.student for h in handed if h.flags}
        | {p.a.name for p in pairs}
        | {p.b.name for p in pairs},
    )


def _pairs(
    problem: Problem, handed: Sequence[Handed], threshold: float, common: Sequence[Path]
) -> list[Pair]:
    documents = [document(h.student, h.file, h.language, h.source) for h in handed if h.source]
    ground = common_ground(problem, {h.language for h in handed}, common)
    return similar_pairs(documents, ground, threshold)


@dataclass(frozen=True, slots=True)
class Summary:
    """The class's numbers, as the page's tables and its charts both show them."""

    submissions: int
    verdicts: list[tuple[str, int]]
    mean: float
    max_score: float
    passed: dict[str, int]  # test (a lesson's step) name -> submissions that passed it
    first_failing: list[tuple[str, int]]
    catches_most: str
    # What the first failing test (or step) says, most said first: the mistake most made.
    common_failures: list[tuple[str, int]]
    # A lesson's: how many students have passed so many steps at best (their progress).
    reached: list[tuple[int, int]]


def judged_on(problem: Problem) -> list[str]:
    """The rows a submission is judged on: its tests, or a lesson's steps."""
    steps = kind_of(problem).steps(problem)
    return [step_name(n) for n in range(1, len(steps) + 1)] or [t.name for t in problem.tests]


def _summary(problem: Problem, handed: Sequence[Handed]) -> Summary:
    verdicts = Counter(h.verdict for h in handed)
    passed = {name: sum(1 for h in handed if _passed(h, name)) for name in judged_on(problem)}
    first = Counter(name for name in (h.first_failing() for h in handed) if name is not None)
    said = Counter(message for message in (h.first_failure_message() for h in handed) if message)
    return Summary(
        submissions=len(handed),
        verdicts=[(v, verdicts[v]) for v in VERDICT_ORDER if verdicts[v]],
        mean=sum(h.score for h in handed) / len(handed) if handed else 0.0,
        max_score=problem.max_score,
        passed=passed,
        first_failing=first.most_common(),
        catches_most=min(passed, key=lambda name: passed[name]) if passed and handed else "",
        common_failures=said.most_common(5),
        reached=sorted(Counter(int(h.best_score) for h in handed).items(), reverse=True)
        if kind_of(problem).steps(problem)
        else [],
    )


def _pictures(problem: Problem, handed: Sequence[Handed], summary: Summary) -> dict[str, str]:
    if not handed:
        return {}
    verdicts, first = summary.verdicts, summary.first_failing
    names = judged_on(problem)
    rates = [round(100 * summary.passed[name] / len(handed), 1) for name in names]
    by_language: dict[str, list[float]] = defaultdict(list)
    for h in handed:
        if h.tests:
            by_language[h.language].append(round(h.cpu_s, 4))
    ordered = sorted(handed, key=lambda h: (-h.score, h.student))
    matrix = [[_passed(h, name) for name in names] for h in ordered]
    return {
        "verdicts": charts.bars(
            [v for v, _ in verdicts],
            [n for _, n in verdicts],
            "Verdicts",
            "submissions",
            [charts.COLOURS.get(v, charts.NEUTRAL) for v, _ in verdicts],
        ),
        "scores": charts.histogram([h.score for h in handed], problem.max_score, "Scores"),
        "pass_rate": charts.bars(
            names,
            rates,
            "Pass rate per test (the red one catches most)",
            "% passed",
            highlight=rates.index(min(rates)),
        ),
        "first_failing": charts.bars(
            [str(name) for name, _ in first] or ["none"],
            [n for _, n in first] or [0],
            "Where submissions first fail",
            "submissions",
        ),
        "time": charts.boxes(dict(by_language), "CPU time per submission, by language", "seconds")
        if by_language
        else "",
        "matrix": charts.heat_map(
            [h.student for h in ordered], names, matrix, "Catch matrix (red: the test failed)"
        ),
    }


def _passed(handed: Handed, name: str) -> bool | None:
    test = next((t for t in handed.tests if t["name"] == name), None)
    return None if test is None else test["verdict"] == Verdict.AC


def _side_by_side(pair: Pair) -> list[tuple[list[tuple[int, str]], list[tuple[int, str]]]]:
    """Each shared region as the lines of both files."""
    return [
        (region_lines(pair.a.source, r.a_lines), region_lines(pair.b.source, r.b_lines))
        for r in pair.regions
    ]
