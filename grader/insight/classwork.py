"""A class's latest submissions, from a folder of them or a gradebook, and the common ground
they are compared against: the starter code, the problem's references, files the instructor
names (the lesson's own code)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from ..kinds import extensions_for, starters
from ..kinds.batch import collect
from ..languages import extensions
from ..problem import Problem
from ..storage.gradebook import Gradebook
from .similarity import Document, document


def documents_from_folders(arguments: Sequence[str], cwd: Path) -> list[Document]:
    found = []
    for entry in collect(arguments, extensions(), cwd=cwd):
        text = entry.submission.source.decode("utf-8", "replace")
        found.append(
            document(entry.student, entry.submission.shown, entry.submission.language, text)
        )
    return found


def documents_from_gradebook(gradebook: Gradebook, problem: str) -> list[Document]:
    return [
        document(student, name, language, source.decode("utf-8", "replace"))
        for student, name, language, source in gradebook.latest_sources(problem)
    ]


def common_ground(
    problem: Problem, languages: Iterable[str], extra: Iterable[Path]
) -> list[Document]:
    known = extensions_for(problem)
    given = starters(problem)  # what every student started from is not copying
    ground = [
        document("starter", "starter", language, given[language])
        for language in sorted(set(languages))
        if language in given
    ]
    for path in (*problem.references, *extra):
        if path.suffix in known:
            text = path.read_bytes().decode("utf-8", "replace")
            ground.append(document(path.name, str(path), known[path.suffix], text))
    return ground
