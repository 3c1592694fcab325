"""A submission to a problem package: its program built as a contest builds it, then run
through every group of the package (package_run.py; interactive.py for an interactive
problem)."""

from __future__ import annotations

from collections.abc import Callable

from ..plain.contest import CONTEST_LANGUAGES, build_program
from ..problem import Problem
from ..results import SubmissionResult, TestResult
from ..sandbox.base import Sandbox
from ..submission import Submission
from ..verdicts import Verdict
from .failures import failure
from .interactive import InteractiveRun
from .package_run import PackageRun
from .validation import prepare_validator


def grade_package(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    reveal_hidden: bool,
    on_test: Callable[[TestResult], None],
) -> SubmissionResult:
    """The submission graded on every group of the package, as judge.grade's contract says."""
    package = problem.package
    assert package is not None
    language = CONTEST_LANGUAGES[submission.language]
    if submission.refused:
        return _unbuilt(problem, submission, Verdict.CE, submission.refused)
    name = submission.path.name
    built = build_program(
        sandbox,
        language,
        (name, ((name, submission.source),)),
        package.limits.memory_mib,
        package.limits.compilation_time_s,
    )
    if built.program is None:
        if built.compiled:  # the machine starved the build twice
            why = failure(built.outcome, problem).message if built.outcome else "no build"
            return _unbuilt(problem, submission, Verdict.IE, f"internal error of the grader: {why}")
        return _unbuilt(problem, submission, Verdict.CE, f"{name}: {built.cmpinfo}")
    validator = prepare_validator(problem, sandbox)
    runner = InteractiveRun if package.interactive else PackageRun
    run = runner(problem, package, sandbox, built.program, validator, reveal_hidden, on_test)
    tests: list[TestResult] = []
    verdict, score = run.group(package.data, tests)
    if not package.scoring:
        score = 1.0 if verdict is Verdict.AC else 0.0
    return SubmissionResult(
        submission.shown, submission.language, verdict, score, problem.max_score, "", tuple(tests)
    )


def _unbuilt(
    problem: Problem, submission: Submission, verdict: Verdict, message: str
) -> SubmissionResult:
    return SubmissionResult(
        submission.shown, submission.language, verdict, 0, problem.max_score, message, ()
    )
