"""Problems by kind. Add one: a module set whose class meets `ProblemKind` (base.py), and one
line here; every front end (the command line, the service and its page, Gradescope, Jobe,
verify) asks a problem's kind what it needs and never tests which kind it is. A kind's
module is imported when a problem of that kind is first met."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Final

from ..errors import ProblemError, UsageError
from ..judge import Asked
from ..languages.base import Spoken
from ..problem import PROBLEM_FILE, Problem
from ..registry import LazyRegistry
from ..results import SubmissionResult, TestResult
from ..sandbox.base import Sandbox
from ..submission import Submission
from .base import ProblemKind

# Asked in this order which kind a folder holds: the most particular first, grader's own
# problems (any problem.yaml) last.
KINDS: Final[LazyRegistry[ProblemKind]] = LazyRegistry(
    __name__,
    {
        "package": "..packages.kind:PackageKind",
        "lesson": "..lessons.kind:LessonKind",
        "function": "..functions.kind:FunctionKind",
    },
)


def markers() -> Iterator[str]:
    """The files that make a folder a problem (problem.yaml, lesson.yaml), each once, in
    the order the kinds are asked: a kind's module is imported only when the markers before
    it were not enough (a package found by problem.yaml loads nothing of lessons)."""
    seen: set[str] = set()
    for kind in KINDS.values():
        if kind.marker not in seen:
            seen.add(kind.marker)
            yield kind.marker


def kind_of(problem: Problem) -> ProblemKind:
    """The kind `problem` is of, which every front end asks about it."""
    return KINDS[problem.kind]


def load_problem(directory: Path, shown_from: Path | None = None) -> Problem:
    """The problem in `directory`, read by the first kind that claims it; its messages show
    paths relative to `shown_from` (by default the working directory). Raises ProblemError."""
    for kind in KINDS.values():
        if kind.claims(directory):
            return kind.load(directory, shown_from)
    raise ProblemError(str(directory / PROBLEM_FILE), None, "", "no problem here")


def problem_folders(root: Path) -> list[Path]:
    """The problems' folders directly under `root`, in name order."""
    found = {path.parent for marker in markers() for path in root.glob(f"*/{marker}")}
    return sorted(found)


def load_answers(problem: Problem) -> dict[str, object]:
    """Every test's stored answer (ProblemError when one is missing or stale); {} where the
    kind reads its answers as it grades."""
    return kind_of(problem).answers(problem)


def extensions_for(problem: Problem) -> Mapping[str, str]:
    """File extension -> language id of the submissions `problem` takes."""
    return kind_of(problem).extensions(problem)


def languages_of(problem: Problem) -> list[str]:
    """The languages a submission to `problem` may be written in, in the registry's order."""
    return kind_of(problem).languages(problem)


def spoken(problem: Problem, language_id: str) -> Spoken:
    """`language_id` as `problem` takes it (KeyError for one it does not)."""
    return kind_of(problem).spoken(problem, language_id)


def starters(problem: Problem) -> dict[str, str]:
    """Starter code per language `problem` takes."""
    return kind_of(problem).starters(problem)


def check_step(problem: Problem, step: int | None) -> None:
    """UsageError unless `step` is None or one of the problem's steps."""
    count = len(kind_of(problem).steps(problem))
    if step is not None and not 1 <= step <= count:
        has = f"has {count} steps" if count else "is graded whole: only a lesson has steps"
        raise UsageError(f"no step {step}: {problem.id} {has}")


def grade(
    problem: Problem,
    answers: Mapping[str, object],
    submission: Submission,
    sandbox: Sandbox,
    reveal_hidden: bool = False,
    on_test: Callable[[TestResult], None] | None = None,
    with_flags: bool | None = None,
    step: int | None = None,
) -> SubmissionResult:
    """Grade one submission. Never raises for anything the submission does; a harness
    fault becomes verdict IE with its message, so a batch goes on. A machine that cannot
    grade this language at all (no toolchain) raises SandboxUnavailable: the user fixes it.
    `on_test` is told each test's result (made printable) as soon as it is decided.
    `with_flags` (by default as `reveal_hidden`): the instructor's flags too, where the kind
    has them, found in the same session; the service finds them later instead. `step`: a
    lesson's steps checked up to this one (UsageError for a problem without so many)."""
    check_step(problem, step)
    asked = Asked(reveal_hidden, on_test, with_flags, step=step)
    return kind_of(problem).grade(problem, answers, submission, sandbox, asked)


__all__ = [
    "KINDS",
    "ProblemKind",
    "Spoken",
    "extensions_for",
    "grade",
    "kind_of",
    "languages_of",
    "load_answers",
    "load_problem",
    "spoken",
    "starters",
]
