"""A package's time limit where it gives none: as problemtools computes it, the slowest
accepted submission's CPU time on any test, times `ac_to_time_limit`, rounded up to the
time resolution (at least one step). Measured once per package and sandbox, then kept in
the build cache under a digest of everything it depends on."""

from __future__ import annotations

import hashlib
import math
from dataclasses import replace
from pathlib import Path
from typing import Final

from ..errors import ProblemError
from ..languages.build_cache import cache_dir, kept, taken
from ..problem import Problem
from ..results import SubmissionResult, TestResult
from ..sandbox.base import Sandbox
from ..submission import read_submission
from ..verdicts import Verdict
from .contest import contest_extensions, language_of
from .model import package_of
from .reader import grading_files

MEASURING_LIMIT_S: Final = 60.0  # an accepted submission's limit while its time is measured


def with_time_limit(problem: Problem, sandbox: Sandbox) -> Problem:
    """`problem` with its package's time limit in its limits: the given one, else computed
    (cached). ProblemError when there is neither a limit nor an accepted submission."""
    package = package_of(problem)
    if package is None or package.limits.time_limit_s is not None:
        return problem
    accepted = accepted_submissions(problem)
    if not accepted:
        raise ProblemError(
            problem.yaml_file,
            None,
            "limits",
            "no time limit: give limits.time_limit (or a .timelimit file), or put an accepted "
            "submission in submissions/accepted/ to compute one from",
        )
    # Keyed by what the files are now, by their sizes and times: a grade reads no test
    # data to find the limit it measured before (the cache is this machine's).
    digest = hashlib.sha256(f"{sandbox.name}\0{problem.directory.resolve()}".encode())
    for path in grading_files(problem.directory):
        status = path.stat()
        digest.update(f"\0{path}\0{status.st_size}\0{status.st_mtime_ns}".encode())
    cached = cache_dir() / f"timelimit-{digest.hexdigest()}"
    try:
        limit = float(taken(cached) or b"")
    except ValueError:
        limit = computed_limit(problem, sandbox, slowest_accepted(problem, sandbox, accepted))
        kept(cached, str(limit).encode())
    return with_limit(problem, limit)


def with_limit(problem: Problem, time_s: float) -> Problem:
    """`problem` with its package's time limit set to `time_s` (and the wall's with it)."""
    package = package_of(problem)
    limits = replace(problem.limits, time_s=time_s, wall_s=max(2 * time_s, time_s + 1))
    return replace(
        problem,
        limits=limits,
        details=replace(package, limits=replace(package.limits, time_limit_s=time_s)),
    )


def accepted_submissions(problem: Problem) -> list[Path]:
    folder = problem.directory / "submissions" / "accepted"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and language_of(p) is not None)


def slowest_accepted(problem: Problem, sandbox: Sandbox, accepted: list[Path]) -> float:
    """The most CPU time any accepted submission takes on a test, each run with a generous
    limit. ProblemError when one of them is not accepted."""
    slowest = 0.0
    for path, result in measured(problem, sandbox, accepted):
        if result.verdict is not Verdict.AC:
            raise ProblemError(
                problem.shown(path),
                None,
                "",
                f"an accepted submission got {result.verdict.value}, so no time limit can be "
                "computed from it; run `grader verify` on the package",
            )
        slowest = max([slowest, *(test.time_s for test in result.tests)])
    return slowest


def measured(
    problem: Problem, sandbox: Sandbox, paths: list[Path]
) -> list[tuple[Path, SubmissionResult]]:
    """Each submission graded with a generous time limit (MEASURING_LIMIT_S)."""
    from .judge import grade_package

    measuring = with_limit(problem, MEASURING_LIMIT_S)
    return [
        (
            path,
            grade_package(
                measuring, read_submission(path, contest_extensions()), sandbox, True, _ignored
            ),
        )
        for path in paths
    ]


def _ignored(test: TestResult) -> None:
    pass


def computed_limit(problem: Problem, sandbox: Sandbox, slowest_s: float) -> float:
    package = package_of(problem)
    step = package.limits.time_resolution_s
    exact = slowest_s * package.limits.ac_to_time_limit
    return max(1, math.ceil(exact / step)) * step
