"""Lessons as a kind of problem (grader/kinds/): a folder with lesson.yaml, in one language,
graded step by step (steps.py), verified by its own final code passing every step and each
of its mistakes failing the step that introduces it (verify.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from ..errors import UsageError
from ..functions.kind import FunctionKind
from ..judge import Asked, guarded
from ..languages import FUNCTION_LANGUAGES
from ..languages.base import Spoken
from ..problem import Problem, TestCase, folder_files
from ..results import OwnRun, SubmissionResult, Verification
from ..sandbox.base import Sandbox
from ..submission import Submission
from .reader import LESSON_FILE, load_lesson
from .steps import check_steps, lesson_of

# A lesson is written and built as a function problem is, in its one language.
FUNCTIONS = FunctionKind()
NOT_FOR_LESSONS = "a lesson is checked step by step: it has no {} (a function problem has)"


class LessonKind:
    format = "lesson"
    marker = LESSON_FILE

    def claims(self, directory: Path) -> bool:
        return (directory / LESSON_FILE).is_file()

    def load(self, directory: Path, shown_from: Path | None) -> Problem:
        return load_lesson(directory, shown_from)

    def languages(self, problem: Problem) -> list[str]:
        return [lesson_of(problem).language]

    def spoken(self, problem: Problem, language_id: str) -> Spoken:
        if language_id not in self.languages(problem):
            raise KeyError(language_id)
        return FUNCTIONS.spoken(problem, language_id)

    def starters(self, problem: Problem) -> dict[str, str]:
        return {lesson_of(problem).language: lesson_of(problem).starter}

    def extensions(self, problem: Problem) -> Mapping[str, str]:
        language = lesson_of(problem).language
        return {extension: language for extension in FUNCTION_LANGUAGES[language].extensions}

    def file_name(self, problem: Problem, language_id: str) -> str:
        return FUNCTIONS.file_name(problem, language_id)

    def can_build(self, problem: Problem, language_id: str) -> bool:
        return FUNCTIONS.can_build(problem, language_id)

    def steps(self, problem: Problem) -> tuple[tuple[str, str], ...]:
        return tuple((step.title, step.text) for step in lesson_of(problem).steps)

    def answers(self, problem: Problem) -> dict[str, object]:
        return {}  # the final problem's are read as its step is checked

    def grading_files(self, problem: Problem) -> list[Path]:
        final = lesson_of(problem).final
        return sorted((final / "answers").glob("*.json")) if final else []

    def expected(self, problem: Problem, answers: Mapping[str, object], test: TestCase) -> object:
        raise UsageError(NOT_FOR_LESSONS.format("tests of its own"))

    def shown_input(self, test: TestCase) -> str:
        raise UsageError(NOT_FOR_LESSONS.format("tests of its own"))

    def parse_input(self, problem: Problem, typed: str) -> dict[str, object]:
        raise UsageError(NOT_FOR_LESSONS.format("run on your own input"))

    def run_own(
        self,
        problem: Problem,
        submission: Submission,
        arguments: dict[str, object],
        sandbox: Sandbox,
    ) -> OwnRun:
        raise UsageError(NOT_FOR_LESSONS.format("run on your own input"))

    def grade(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        submission: Submission,
        sandbox: Sandbox,
        asked: Asked,
    ) -> SubmissionResult:
        def work() -> SubmissionResult:
            result = check_steps(problem, submission, sandbox, asked.step)
            if asked.on_test is not None:
                for test in result.tests:
                    asked.on_test(test)
            return result

        return guarded(problem, submission, work)

    def verify(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
    ) -> Verification:
        from .verify import verify_lesson

        return verify_lesson(problem, sandbox, progress)

    def mutation_audit(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
        search_random: bool = False,
    ) -> tuple[str, float]:
        raise UsageError(NOT_FOR_LESSONS.format("mutation audit"))

    def portable_files(self, problem: Problem) -> list[Path]:
        from ..functions.reader import load_function_problem

        lesson = lesson_of(problem)
        files = folder_files(problem.directory)
        files += [lesson.solution] if lesson.solution else []
        if lesson.final is not None:
            final = load_function_problem(lesson.final)
            files += [*folder_files(final.directory), *final.references]
        return files

    def unportable(self, problem: Problem) -> str:
        return ""
