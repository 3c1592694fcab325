"""Grader's own problems: a function the student writes, called once per test with the
signature's arguments (problem.yaml read by reader.py, graded by judge/)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path

from ..judge import Asked, grade, load_answers
from ..languages import FUNCTION_LANGUAGES, extensions
from ..languages.base import Spoken
from ..problem import PROBLEM_FILE, Problem, TestCase, folder_files
from ..results import OwnRun, SubmissionResult, Verification
from ..sandbox.base import Sandbox
from ..submission import Submission
from .reader import load_function_problem


class FunctionKind:
    """Its instructor's tools and the own-input run are imported when first used: grading
    needs neither."""

    format = "function"
    marker = PROBLEM_FILE

    def claims(self, directory: Path) -> bool:
        return True  # the last asked: its reader says what a folder lacks

    def load(self, directory: Path, shown_from: Path | None) -> Problem:
        return load_function_problem(directory, shown_from)

    def languages(self, problem: Problem) -> list[str]:
        return [language for language in FUNCTION_LANGUAGES if problem.entry_points.get(language)]

    def spoken(self, problem: Problem, language_id: str) -> Spoken:
        language = FUNCTION_LANGUAGES[language_id]
        return Spoken(language.name, language.extensions, language.packages)

    def starters(self, problem: Problem) -> dict[str, str]:
        return {id_: FUNCTION_LANGUAGES[id_].template(problem) for id_ in self.languages(problem)}

    def extensions(self, problem: Problem) -> Mapping[str, str]:
        return extensions()

    def file_name(self, problem: Problem, language_id: str) -> str:
        return FUNCTION_LANGUAGES[language_id].file_name

    def can_build(self, problem: Problem, language_id: str) -> bool:
        return not FUNCTION_LANGUAGES[language_id].missing()

    def steps(self, problem: Problem) -> tuple[tuple[str, str], ...]:
        return ()

    def answers(self, problem: Problem) -> dict[str, object]:
        return load_answers(problem)

    def grading_files(self, problem: Problem) -> list[Path]:
        return sorted((problem.directory / "answers").glob("*.json"))

    def expected(self, problem: Problem, answers: Mapping[str, object], test: TestCase) -> object:
        from ..checkers import as_students_read

        return as_students_read(problem.checker, answers[test.name])

    def shown_input(self, test: TestCase) -> str:
        return ", ".join(f"{name} = {json.dumps(value)}" for name, value in test.input.items())

    def parse_input(self, problem: Problem, typed: str) -> dict[str, object]:
        from .own_run import parse_input

        return parse_input(problem, typed)

    def run_own(
        self,
        problem: Problem,
        submission: Submission,
        arguments: dict[str, object],
        sandbox: Sandbox,
    ) -> OwnRun:
        from .own_run import run_own_input

        return run_own_input(problem, submission, arguments, sandbox)

    def grade(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        submission: Submission,
        sandbox: Sandbox,
        asked: Asked,
    ) -> SubmissionResult:
        return grade(problem, answers, submission, sandbox, asked)

    def verify(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
    ) -> Verification:
        from .verify import verify

        return verify(problem, answers, sandbox, jobs, progress)

    def mutation_audit(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
        search_random: bool = False,
    ) -> tuple[str, float]:
        from .mutation_audit import audit_text, kill_matrix, mutation_score, searched

        graded = kill_matrix(problem, answers, sandbox, jobs, progress)
        if search_random:
            graded = searched(problem, answers, sandbox, graded, jobs, progress)
        return audit_text(problem, graded), mutation_score(graded)

    def portable_files(self, problem: Problem) -> list[Path]:
        return [*folder_files(problem.directory), *problem.references]

    def unportable(self, problem: Problem) -> str:
        return ""  # its answers are stored: load_answers says when they are not
