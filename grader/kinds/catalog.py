"""The problems and languages a service offers, loaded once and refreshed on demand (an
instructor who edited problem.yaml asks for a rejudge), as the API and the page show them:
never a hidden test's input or answer."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..checkers import ANY_ORDER
from ..languages import FUNCTION_LANGUAGES, LANGUAGES
from ..problem import PROBLEM_FILE, Problem, TestCase
from . import kind_of, languages_of, load_answers, load_problem, starters


def problem_version(problem: Problem) -> str:
    """A hash of what grading depends on: problem.yaml and the stored answers; a package's
    test data, validators and time limit."""
    digest = hashlib.sha256((problem.directory / "problem.yaml").read_bytes())
    for path in kind_of(problem).grading_files(problem):
        name = path.relative_to(problem.directory).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Offered:
    """One problem as graded now: the model, its stored answers, the version they make."""

    problem: Problem
    answers: Mapping[str, object]
    version: str


class Catalog:
    def __init__(self, roots: tuple[Path, ...]) -> None:
        """Every problem under `roots` (the first root wins a name both have)."""
        self._roots = roots
        self._lock = threading.Lock()
        self._offered: dict[str, Offered] = {}
        self.refresh()

    def refresh(self) -> None:
        found: dict[str, Offered] = {}
        for root in reversed(self._roots):
            for yaml_file in sorted(root.glob(f"*/{PROBLEM_FILE}")):
                problem = load_problem(yaml_file.parent)
                found[problem.id] = Offered(
                    problem, load_answers(problem), problem_version(problem)
                )
        with self._lock:
            self._offered = found

    def get(self, problem_id: str) -> Offered | None:
        with self._lock:
            return self._offered.get(problem_id)

    def all(self) -> list[Offered]:
        with self._lock:
            return sorted(self._offered.values(), key=lambda offered: offered.problem.id)


def language_document(language_id: str) -> dict[str, object]:
    """A language as the API lists it; its dialect is a function language's own, or the
    flags a contest builds a whole program with."""
    language = LANGUAGES[language_id]
    contest = language.programs.contest
    if language.calls_functions:
        dialect = FUNCTION_LANGUAGES[language_id].dialect()
    else:
        dialect = contest.name if contest else language.name
    return {
        "id": language.id,
        "name": language.name,
        "extensions": list(language.extensions),
        "dialect": dialect,
    }


def statement_html(problem: Problem) -> str:
    """The statement's Markdown as HTML; raw HTML in it is shown as text, never run. A
    package's LaTeX statement is shown as its text."""
    from html import escape

    from markdown_it import MarkdownIt

    text = problem.statement.read_text(encoding="utf-8")
    if problem.statement.suffix != ".md":
        return f'<pre class="statement-source">{escape(text)}</pre>'
    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(text))


def expected_of(offered: Offered, test: TestCase) -> object:
    """A sample's expected answer: the stored one, or a package's `.ans` as text."""
    return kind_of(offered.problem).expected(offered.problem, offered.answers, test)


def problem_document(offered: Offered, full: bool = True) -> dict[str, object]:
    problem = offered.problem
    document: dict[str, object] = {
        "id": problem.id,
        "title": problem.title,
        "version": offered.version,
        "languages": languages_of(problem),
        "tests": len(problem.tests),
        "max_score": problem.max_score,
    }
    if not full:
        return document
    samples = [test for test in problem.tests if not test.hidden]
    document |= {
        "statement_html": statement_html(problem),
        "signature": {
            "params": [
                {"name": p.name, "type": p.type, "min": p.minimum, "max": p.maximum}
                for p in problem.params
            ],
            "returns": problem.returns,
        },
        "entry_points": {language: list(names) for language, names in problem.entry_points.items()},
        "limits": {
            "time_s": problem.limits.time_s,
            "wall_s": problem.limits.wall_s,
            "memory_mib": problem.limits.memory_mib,
        },
        "samples": [
            {"name": test.name, "input": dict(test.input), "expected": expected_of(offered, test)}
            for test in samples
        ],
        "starter_code": starters(problem),
        "format": kind_of(problem).format,
        # The answer's items may come in any order: a difference is missing and extra items.
        "any_order": problem.checker in ANY_ORDER,
    }
    return document
