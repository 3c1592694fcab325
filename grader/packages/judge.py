"""A submission to a problem package: its program built as a contest builds it, then run
through every group of the package (package_run.py; interactive.py for an interactive
problem)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..judge.failures import failure
from ..languages import contest_languages
from ..languages.base import Language
from ..languages.programs import Files
from ..problem import Problem
from ..results import GroupScore, SubmissionResult, TestResult
from ..sandbox.base import Sandbox
from ..submission import Submission
from ..verdicts import Verdict
from .contest import build_program, format_code
from .interactive import InteractiveRun
from .model import Package, package_of
from .run import PackageRun
from .validation import prepare_validator


def grade_package(
    problem: Problem,
    submission: Submission,
    sandbox: Sandbox,
    reveal_hidden: bool,
    on_test: Callable[[TestResult], None],
) -> SubmissionResult:
    """The submission graded on every group of the package, as judge.grade's contract says."""
    package = package_of(problem)
    language = contest_languages()[submission.language]
    refused = submission.refused or _refusal(package, language, submission)
    if refused:
        return _unbuilt(problem, submission, Verdict.CE, refused)
    name = submission.path.name
    built = build_program(
        sandbox,
        language,
        with_included(package, language, (name, ((name, submission.source),))),
        package.limits.memory_mib,
        package.limits.compilation_time_s,
    )
    if built.program is None:
        if built.compiled:  # the machine starved the build twice
            why = failure(built.outcome, problem).message if built.outcome else "no build"
            return _unbuilt(problem, submission, Verdict.IE, f"internal error of the grader: {why}")
        said = language.programs.explained(built.cmpinfo)
        return _unbuilt(problem, submission, Verdict.CE, f"{name}: {said}")
    validator = prepare_validator(problem, sandbox)
    runner = InteractiveRun if package.interactive else PackageRun
    run = runner(problem, package, sandbox, built.program, validator, reveal_hidden, on_test)
    tests: list[TestResult] = []
    scored: list[GroupScore] = []
    verdict, score = run.group(package.data, tests, scored)
    if not package.scoring:
        score = 1.0 if verdict is Verdict.AC else 0.0
    groups = aliased(sorted(scored, key=lambda group: group.name))
    result = SubmissionResult(
        submission.shown,
        submission.language,
        verdict,
        score,
        problem.max_score,
        "",
        tuple(tests),
        groups=groups,
    )
    return result if reveal_hidden else replace(result, groups=tuple(g.shown for g in groups))


def aliased(groups: list[GroupScore]) -> tuple[GroupScore, ...]:
    """Each group with the name a student sees: a sample group's own, a secret one's
    `group K` in order (a group's name may say what its inputs are)."""
    secret = [
        group for group in groups if group.name != "sample" and not group.name.startswith("sample/")
    ]
    return tuple(
        replace(group, alias=f"group {secret.index(group) + 1}") if group in secret else group
        for group in groups
    )


def with_included(
    package: Package, language: Language, program: tuple[str, Files]
) -> tuple[str, Files]:
    """A submission's program (main file, files) with the package's included files for its
    language, over its own of the same names (the format copies them in after the size
    check)."""
    main, files = program
    included = package.included_for(format_code(language))
    return main, tuple(dict((*files, *included)).items())


def _refusal(package: Package, language: Language, submission: Submission) -> str:
    """Why the package does not take this submission before any build, or ""."""
    if package.languages and format_code(language) not in package.languages:
        taken = [
            spoken.programs.contest.name
            for spoken in contest_languages().values()
            if spoken.programs.contest is not None and format_code(spoken) in package.languages
        ]
        return f"this problem is solved in {', '.join(taken)} only"
    wrong = language.programs.refused(submission.source, submission.path.name)
    if wrong:
        return wrong
    size_kib = len(submission.source) / 1024
    if size_kib > package.limits.code_kib:
        return (
            f"{submission.path.name} is {size_kib:.0f} KiB; this problem takes at most "
            f"{package.limits.code_kib} KiB of code"
        )
    return ""


def _unbuilt(
    problem: Problem, submission: Submission, verdict: Verdict, message: str
) -> SubmissionResult:
    return SubmissionResult(
        submission.shown, submission.language, verdict, 0, problem.max_score, message, ()
    )
