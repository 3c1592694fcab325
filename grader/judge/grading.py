"""One submission's grading as the judge's steps share it: built once per submission
(`Grading.of`), handed to every step instead of the six values each would take."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Final

from ..checkers import Checker, checker_for
from ..languages import FUNCTION_LANGUAGES, FunctionLanguage
from ..limits import Limits
from ..problem import Problem, TestCase
from ..results import TestResult
from ..sandbox.base import Sandbox
from ..submission import Submission


@dataclass(frozen=True, slots=True)
class Asked:
    """What a grading is asked for beyond the verdicts: the hidden tests revealed (the
    instructor's view), each test's result as soon as it is decided, the instructor's flags
    (by default as `reveal_hidden`; where the kind has them)."""

    reveal_hidden: bool = False
    on_test: Callable[[TestResult], None] | None = None
    with_flags: bool | None = None
    # A failing random test shrunk to its smallest input; not where only the verdict counts
    # (a mutation audit's mutants).
    shrink: bool = True
    # Where every stored random input passes, Hypothesis draws new ones and shrinks the first
    # that fails: the audit's hunt for a test that rejects a mutant (`--mutants --random`).
    search_random: bool = False
    # A lesson's steps checked up to this one (`grade --step K`); None: all of them.
    step: int | None = None

    @property
    def flagged(self) -> bool:
        return self.reveal_hidden if self.with_flags is None else self.with_flags


# A grading asked for its verdicts alone: the student's view, no flags.
VERDICTS_ONLY: Final = Asked()


@dataclass(frozen=True, slots=True)
class Grading:
    """What every step of a function problem's judge asks: the problem (its limits those of
    the submission's language), the stored answers, the submission, its language, the
    checker and the sandbox. A step that runs under other limits (what is left of the total
    CPU, a sanitized run's room) works on a copy (`with_limits`)."""

    problem: Problem
    answers: Mapping[str, object]
    submission: Submission
    sandbox: Sandbox
    language: FunctionLanguage
    checker: Checker

    @classmethod
    def of(
        cls,
        problem: Problem,
        answers: Mapping[str, object],
        submission: Submission,
        sandbox: Sandbox,
    ) -> Grading:
        language = FUNCTION_LANGUAGES[submission.language]
        limits = problem.limits.for_language(language.id, language.time_factor)
        limited = replace(problem, limits=limits)
        return cls(limited, answers, submission, sandbox, language, checker_for(limited))

    def expected(self, test: TestCase) -> object:
        return self.answers[test.name]

    def with_limits(self, limits: Limits) -> Grading:
        return replace(self, problem=replace(self.problem, limits=limits))
