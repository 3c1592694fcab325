"""Problems in the ICPC package format as a kind of problem (grader/kinds/base.py): a whole
program in a contest language, run on each test's stdin and judged by the package's
validators."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from ..errors import UsageError
from ..judge import Asked
from ..languages import contest_languages
from ..languages.base import Spoken
from ..problem import PROBLEM_FILE, Problem, TestCase, folder_files
from ..results import OwnRun, SubmissionResult, Verification
from ..sandbox.base import Sandbox
from ..submission import Submission
from .model import package_of
from .reader import SAMPLE_SHOWN_BYTES, grading_files, is_package, load_package


class PackageKind:
    """Its judge, its own runs and verify are imported when first used: every problem
    folder is asked whether it is a package (`claims`), and most are not."""

    format = "package"
    marker = PROBLEM_FILE

    def claims(self, directory: Path) -> bool:
        return is_package(directory)

    def load(self, directory: Path, shown_from: Path | None) -> Problem:
        return load_package(directory, shown_from)

    def languages(self, problem: Problem) -> list[str]:
        from .contest import format_code

        allowed = package_of(problem).languages
        return [
            key
            for key, language in contest_languages().items()
            if not allowed or format_code(language) in allowed
        ]

    def spoken(self, problem: Problem, language_id: str) -> Spoken:
        language = contest_languages()[language_id]
        name = language.programs.contest.name if language.programs.contest else language.name
        return Spoken(name, language.extensions, language.packages)

    def starters(self, problem: Problem) -> dict[str, str]:
        return {
            key: language.programs.contest.starter
            for key, language in contest_languages().items()
            if language.programs.contest is not None
        }

    def extensions(self, problem: Problem) -> Mapping[str, str]:
        from .contest import contest_extensions

        return contest_extensions()

    def file_name(self, problem: Problem, language_id: str) -> str:
        return "solution" + contest_languages()[language_id].extensions[0]

    def can_build(self, problem: Problem, language_id: str) -> bool:
        return not contest_languages()[language_id].missing()

    def steps(self, problem: Problem) -> tuple[tuple[str, str], ...]:
        return ()

    def answers(self, problem: Problem) -> dict[str, object]:
        return {}  # its judge reads each test's .ans as it validates

    def grading_files(self, problem: Problem) -> list[Path]:
        return grading_files(problem.directory)

    def expected(self, problem: Problem, answers: Mapping[str, object], test: TestCase) -> object:
        answer = problem.directory / "data" / f"{test.name}.ans"
        return answer.read_bytes()[:SAMPLE_SHOWN_BYTES].decode("utf-8", "replace")

    def shown_input(self, test: TestCase) -> str:
        return str(test.input.get("stdin", ""))

    def parse_input(self, problem: Problem, typed: str) -> dict[str, object]:
        return {"stdin": typed}

    def run_own(
        self,
        problem: Problem,
        submission: Submission,
        arguments: dict[str, object],
        sandbox: Sandbox,
    ) -> OwnRun:
        from .own_run import run_own_stdin

        return run_own_stdin(problem, submission, str(arguments["stdin"]), sandbox)

    def grade(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        submission: Submission,
        sandbox: Sandbox,
        asked: Asked,
    ) -> SubmissionResult:
        from .graded import graded

        return graded(problem, submission, sandbox, asked)

    def verify(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
    ) -> Verification:
        from .verify import verify_package

        return verify_package(problem, sandbox, jobs, progress)

    def mutation_audit(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
        search_random: bool = False,
    ) -> tuple[str, float]:
        raise UsageError(
            f"{problem.yaml_file}: a mutation audit mutates a function problem's references; "
            "a package's submissions/ are its audit (grader verify)"
        )

    def portable_files(self, problem: Problem) -> list[Path]:
        return [*folder_files(problem.directory), *problem.references]

    def unportable(self, problem: Problem) -> str:
        if package_of(problem).limits.time_limit_s is None:
            # Computed on Gradescope, it would cost every student's run the accepted
            # submissions' runs (each run is a fresh machine).
            return (
                f"{problem.yaml_file}: give the package a time limit for Gradescope: "
                "limits.time_limit, or the one `grader verify` computes in a .timelimit file"
            )
        return ""
