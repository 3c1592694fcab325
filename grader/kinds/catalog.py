"""The problems and languages a service offers, as the API and the page show them (never a
hidden test's input or answer): loaded at the start, looked at again every few seconds for
problems added, edited or removed, and read again whole when a rejudge asks."""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..checkers import ANY_ORDER
from ..errors import GraderError
from ..languages import FUNCTION_LANGUAGES, LANGUAGES
from ..problem import Problem, TestCase
from . import (
    kind_of,
    languages_of,
    load_answers,
    load_problem,
    markers,
    problem_folders,
    starters,
)


def problem_version(problem: Problem) -> str:
    """A hash of what grading depends on: problem.yaml and the stored answers; a package's
    test data, validators and time limit."""
    digest = hashlib.sha256((problem.directory / kind_of(problem).marker).read_bytes())
    for path in kind_of(problem).grading_files(problem):
        name = Path(os.path.relpath(path, problem.directory)).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Offered:
    """One problem as graded now: the model, its stored answers, the version they make."""

    problem: Problem
    answers: Mapping[str, object]
    version: str


# How often a running service looks for problems added, edited or removed (a stat of each
# problem's files, no parse unless one changed).
RECHECK_S: Final = 2.0
log = logging.getLogger("grader.catalog")


class Catalog:
    def __init__(self, roots: tuple[Path, ...], recheck_s: float = RECHECK_S) -> None:
        """Every problem under `roots` (the first root wins a name both have). A problem that
        does not load stops the start: the instructor sees it at once."""
        self._roots = roots
        self._recheck_s = recheck_s
        self._lock = threading.Lock()
        self._loaded: dict[Path, tuple[tuple[int, ...], Offered]] = {}
        self._offered: dict[str, Offered] = {}
        self._checked = time.monotonic()
        self.refresh()

    def refresh(self) -> None:
        """Read every problem again now (a rejudge asks for it); one that does not load
        raises, naming its file:line."""
        self._reload(force=True)

    def get(self, problem_id: str) -> Offered | None:
        self._recheck()
        with self._lock:
            return self._offered.get(problem_id)

    def all(self) -> list[Offered]:
        self._recheck()
        with self._lock:
            return sorted(self._offered.values(), key=lambda offered: offered.problem.id)

    def _recheck(self) -> None:
        """A problem folder added, removed or edited since the last look is served as it is
        now, without a restart. One that no longer loads (an editor's half-saved file) keeps
        being served as it was, and the log says why."""
        now = time.monotonic()
        if now - self._checked < self._recheck_s:
            return
        self._checked = now
        try:
            self._reload(force=False)
        except OSError as error:  # a root gone or unreadable: the problems as they were
            log.warning("problems not rechecked: %s", error)

    def _reload(self, force: bool) -> None:
        with self._lock:
            before = dict(self._loaded)
        loaded: dict[Path, tuple[tuple[int, ...], Offered]] = {}
        for root in self._roots:
            for folder in problem_folders(root):
                stamp = _stamp(folder)
                kept = before.get(folder)
                if kept is not None and kept[0] == stamp and not force:
                    loaded[folder] = kept
                    continue
                try:
                    loaded[folder] = (stamp, _offered(folder))
                except GraderError as error:
                    if force:
                        raise
                    log.warning("%s: not reloaded, still served as it was: %s", folder, error)
                    if kept is not None:
                        loaded[folder] = kept
        offered: dict[str, Offered] = {}
        for _, one in reversed(loaded.values()):  # the first root's problem wins its name
            offered[one.problem.id] = one
        with self._lock:
            self._loaded = loaded
            self._offered = offered


def _offered(folder: Path) -> Offered:
    problem = load_problem(folder)
    return Offered(problem, load_answers(problem), problem_version(problem))


def _stamp(folder: Path) -> tuple[int, ...]:
    """What changes when an instructor edits a problem: its problem.yaml, and what is added
    to or removed from its answers or test data (answers are rewritten by a rename)."""
    watched = [folder / marker for marker in markers()] + [folder / "answers", folder / "data"]
    watched += sorted(path for path in (folder / "data").glob("*") if path.is_dir())
    stamp: list[int] = []
    for path in watched:
        try:
            status = path.stat()
        except FileNotFoundError:
            stamp += [0, 0]
            continue
        stamp += [status.st_mtime_ns, status.st_size]
    return tuple(stamp)


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

    text = problem.statement.read_text(encoding="utf-8")
    if problem.statement.suffix != ".md":
        return f'<pre class="statement-source">{escape(text)}</pre>'
    return markdown_html(text)


def markdown_html(text: str) -> str:
    """Markdown as HTML; raw HTML in it is shown as text, never run."""
    from markdown_it import MarkdownIt

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
        # A lesson's steps, each checked on the code so far; [] for a problem graded whole.
        "steps": [
            {"number": number, "title": title, "html": markdown_html(text)}
            for number, (title, text) in enumerate(kind_of(problem).steps(problem), 1)
        ],
        # The answer's items may come in any order: a difference is missing and extra items.
        "any_order": problem.checker in ANY_ORDER,
    }
    return document
