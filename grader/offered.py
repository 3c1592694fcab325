"""The languages a problem takes, as every front end offers them: grader's own languages by
the problem's entry points, or a problem package's contest languages (plain/contest.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .languages import LANGUAGES
from .plain.contest import CONTEST_LANGUAGES
from .problem import Problem


def languages_of(problem: Problem) -> list[str]:
    """The languages a submission to `problem` may be written in, in the registry's order:
    a package's are whole programs in the contest languages (plain/contest.py)."""
    if problem.package is not None:
        return list(CONTEST_LANGUAGES)
    return [language for language in LANGUAGES if problem.entry_points.get(language)]


@dataclass(frozen=True, slots=True)
class Spoken:
    """A language as a problem takes it: its name and its files' extensions."""

    name: str
    extensions: tuple[str, ...]
    packages: tuple[tuple[str, str], ...]  # (command, Debian package) it builds with


def spoken(problem: Problem, language_id: str) -> Spoken:
    """`language_id` as `problem` takes it (KeyError for one it does not)."""
    if problem.package is not None:
        contest = CONTEST_LANGUAGES[language_id]
        return Spoken(contest.name, contest.extensions, contest.packages)
    language = LANGUAGES[language_id]
    return Spoken(language.name, language.extensions, language.packages)


def starters(problem: Problem) -> dict[str, str]:
    """Starter code per language the problem takes."""
    if problem.package is not None:
        return {key: language.starter for key, language in CONTEST_LANGUAGES.items()}
    return {language: LANGUAGES[language].template(problem) for language in languages_of(problem)}
