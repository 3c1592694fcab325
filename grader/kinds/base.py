"""The contract every kind of problem meets: what the judge, verify, the service, the page,
Gradescope and Jobe ask of a problem, whatever it is (a function to call, a whole program on
its stdin). A front end asks the problem's kind (grader/kinds/__init__.py), never which kind
it is."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol

from ..judge import Asked
from ..languages.base import Spoken
from ..problem import Problem, TestCase
from ..results import OwnRun, SubmissionResult, Verification
from ..sandbox.base import Sandbox
from ..submission import Submission


class ProblemKind(Protocol):
    """One kind of problem: how it is found and read, offered, graded and verified."""

    format: str  # the catalogue's name for it ("function", "package")
    marker: str  # the file whose presence makes a folder a problem of this kind (or may)

    def claims(self, directory: Path) -> bool:
        """Whether the problem in `directory` is of this kind."""
        ...

    def load(self, directory: Path, shown_from: Path | None) -> Problem:
        """The problem read and checked; ProblemError at the file and line of a mistake."""
        ...

    def languages(self, problem: Problem) -> list[str]:
        """The languages a submission may be written in, in the registry's order."""
        ...

    def spoken(self, problem: Problem, language_id: str) -> Spoken:
        """`language_id` as the problem takes it (KeyError for one it does not)."""
        ...

    def starters(self, problem: Problem) -> dict[str, str]:
        """Starter code per language the problem takes."""
        ...

    def extensions(self, problem: Problem) -> Mapping[str, str]:
        """File extension -> language id of the submissions the problem takes."""
        ...

    def file_name(self, problem: Problem, language_id: str) -> str:
        """What a source is named when the grader writes it (a Jobe run's)."""
        ...

    def can_build(self, problem: Problem, language_id: str) -> bool:
        """Whether this machine has the toolchain the problem builds `language_id` with."""
        ...

    def steps(self, problem: Problem) -> tuple[tuple[str, str], ...]:
        """The steps the problem is checked in, in order, each (title, Markdown text): a
        lesson's; () for a problem graded whole."""
        ...

    def answers(self, problem: Problem) -> dict[str, object]:
        """Every test's stored answer (ProblemError when one is missing or stale); {} for a
        kind whose judge reads its answers as it grades."""
        ...

    def grading_files(self, problem: Problem) -> list[Path]:
        """Besides problem.yaml, every file a verdict depends on (a gradebook's version)."""
        ...

    def expected(self, problem: Problem, answers: Mapping[str, object], test: TestCase) -> object:
        """A sample test's expected answer as a student is shown it."""
        ...

    def shown_input(self, test: TestCase) -> str:
        """A test's input as a student types it on the page."""
        ...

    def parse_input(self, problem: Problem, typed: str) -> dict[str, object]:
        """An input a student typed, as a run takes it; InputError says what is wrong."""
        ...

    def run_own(
        self,
        problem: Problem,
        submission: Submission,
        arguments: dict[str, object],
        sandbox: Sandbox,
    ) -> OwnRun:
        """The submission run once on the student's own input, beside the reference's."""
        ...

    def grade(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        submission: Submission,
        sandbox: Sandbox,
        asked: Asked,
    ) -> SubmissionResult:
        """One submission graded (grader.kinds.grade's contract)."""
        ...

    def verify(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
    ) -> Verification:
        """The problem's own checks and its known submissions against their verdicts."""
        ...

    def mutation_audit(
        self,
        problem: Problem,
        answers: Mapping[str, object],
        sandbox: Sandbox,
        jobs: int,
        progress: Callable[[str], None],
        search_random: bool = False,
    ) -> tuple[str, float]:
        """How much of the references the tests hold (`verify --mutants`): the audit's text
        and its mutation score; `search_random` (`--random`): for each mutant the hand tests
        let live, a random input that rejects it, proposed as a test. UsageError where the
        kind has no such audit."""
        ...

    def portable_files(self, problem: Problem) -> list[Path]:
        """Every file grading the problem reads, for a machine of its own (a Gradescope
        autograder): its folder's, its references', what another problem lends it."""
        ...

    def unportable(self, problem: Problem) -> str:
        """Why the problem cannot be graded on a machine of its own (a Gradescope
        autograder) as it stands, and what to give it; "" when it can."""
        ...
