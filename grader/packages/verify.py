"""`grader verify PACKAGE`: a problem package proved sound as problemtools' verifyproblem
proves it. The validators are proved (validator_checks.py); the time limit is the package's,
or computed from the slowest accepted submission; every submission under
submissions/<folder>/ gets its folder's verdict:

  accepted            AC with the full score
  partially_accepted  AC with less than the full score (a scoring problem)
  wrong_answer        WA
  run_time_error      RTE (running out of memory is one, as the format counts it)
  time_limit_exceeded TLE, still at the limit times `time_limit_to_tle`
  slow_accepted       AC or TLE, never counted for the limit (problemtools leaves the
                      folder alone; what is slow under PyPy may time out under CPython)
  rejected            anything but AC (2025-09)
  brute_force         TLE, RTE or MLE: never a wrong answer (2025-09)
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Final

from ..judge import Asked
from ..problem import Problem
from ..results import SubmissionResult, Verification
from ..sandbox import Sandbox
from ..submission import read_submission
from ..verdicts import Verdict
from .contest import contest_extensions, language_of
from .graded import graded
from .model import package_of
from .time_limit import accepted_submissions, computed_limit, measured, with_limit
from .validator_checks import check_validators, shown

EXPECTED: Final = {
    "accepted": (Verdict.AC,),
    "partially_accepted": (Verdict.AC,),
    "wrong_answer": (Verdict.WA,),
    "run_time_error": (Verdict.RTE, Verdict.MLE),
    "time_limit_exceeded": (Verdict.TLE,),
    "slow_accepted": (Verdict.AC, Verdict.TLE),
    # 2025-09's: anything but AC; never a wrong answer, but too slow or a crash.
    "rejected": tuple(verdict for verdict in Verdict if verdict is not Verdict.AC),
    "brute_force": (Verdict.TLE, Verdict.RTE, Verdict.MLE),
}
# Parts of a package that do not change a verdict, and grader does not read.
UNUSED: Final = {
    "input_visualizer": "not run (grader draws no illustrations)",
    "output_visualizer": "not run (grader draws no illustrations)",
    "submissions/submissions.yaml": "not read: each submission's folder says its verdict",
    "generators": "not run: the test data graded is data/ as it is",
    "attachments": "not offered to students by grader: put what they need in the statement",
    "solution": "not shown: grader shows students no solution",
}
SUBMISSIONS: Final = (
    "Submissions (the verdict, where it first failed, the score, the slowest test):"
)


def verify_package(
    problem: Problem, sandbox: Sandbox, jobs: int = 2, progress: Callable[[str], None] = print
) -> Verification:
    package = package_of(problem)
    failures: list[str] = []
    warnings: list[str] = []
    progress(f"{problem.id}: {len(package.input_validators)} input validators")
    graded_failures: list[str] = []
    graded_warnings: list[str] = []
    # The validators run while the submissions are graded: neither changes the other, and
    # two streams of short runs keep two cores busy (ten tests and ten inputs: 0.03 s less).
    with ThreadPoolExecutor(max_workers=1) as beside:
        validating = beside.submit(check_validators, problem, sandbox, failures, warnings, jobs)
        graded = _graded(problem, sandbox, jobs, progress, graded_failures, graded_warnings)
        validating.result()
    warnings.extend(
        f"{part}: {why}" for part, why in UNUSED.items() if (package.directory / part).exists()
    )
    failures += graded_failures
    warnings += graded_warnings
    if graded is None:
        return Verification(problem.id, tuple(failures), tuple(warnings), "", "")
    matrix, timing = graded
    return Verification(problem.id, tuple(failures), tuple(warnings), matrix, timing, SUBMISSIONS)


def _graded(
    problem: Problem,
    sandbox: Sandbox,
    jobs: int,
    progress: Callable[[str], None],
    failures: list[str],
    warnings: list[str],
) -> tuple[str, str] | None:
    """Every submission graded against its folder's verdict: the rows of the matrix and the
    lines on the time limit; None where there is no time limit to grade them at."""
    limits = package_of(problem).limits
    limit = limits.time_limit_s
    timing = []
    if limit is None:
        accepted = accepted_submissions(problem)
        if not accepted:
            failures.append("no time limit is given and no accepted submission computes one")
            return None
        progress(f"{problem.id}: timing {len(accepted)} accepted submissions")
        slowest = 0.0
        for _, result in measured(problem, sandbox, accepted):
            if result.verdict is Verdict.AC:
                slowest = max([slowest, *(test.time_s for test in result.tests)])
        limit = computed_limit(problem, sandbox, slowest)
        timing.append(
            f"slowest accepted {slowest:.3f} s x {limits.ac_to_time_limit:g} -> time "
            f"limit {limit:g} s (rounded up to {limits.time_resolution_s:g} s)"
        )
    else:
        timing.append(f"time limit {limit:g} s (given)")
    high = limit * limits.time_limit_to_tle
    timing.append(f"a time-limit submission must still fail at {high:g} s")
    at_limit, at_high = with_limit(problem, limit), with_limit(problem, high)
    found = _submissions(problem, warnings)
    progress(f"{problem.id}: grading {len(found)} submissions")

    def one(path: Path) -> str:
        return _verdict_of(path, at_limit, at_high, sandbox, failures, warnings)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = list(pool.map(one, found))
    return "\n".join(rows), "\n".join(timing)


def _submissions(problem: Problem, warnings: list[str]) -> list[Path]:
    root = problem.directory / "submissions"
    found = []
    for folder in sorted(root.iterdir()) if root.is_dir() else ():
        if not folder.is_dir():
            continue  # submissions.yaml: said by UNUSED
        if folder.name not in EXPECTED:
            warnings.append(f"submissions/{folder.name}/: a folder grader does not know; skipped")
            continue
        for path in sorted(folder.iterdir()):
            if path.name.startswith("."):
                continue  # the format's tools' own files (.gitkeep): not the package's
            if path.is_file() and language_of(path) is not None:
                found.append(path)
            else:
                warnings.append(f"{shown(path)}: not graded (no language grader builds)")
    return found


def _verdict_of(
    path: Path,
    at_limit: Problem,
    at_high: Problem,
    sandbox: Sandbox,
    failures: list[str],
    warnings: list[str],
) -> str:
    folder = path.parent.name
    submission = read_submission(path, contest_extensions())
    result = graded(at_limit, submission, sandbox, Asked(reveal_hidden=True))
    said = _said(result)
    wanted = EXPECTED[folder]
    full = result.score >= at_limit.max_score
    if folder == "time_limit_exceeded" and result.verdict is Verdict.TLE:
        higher = graded(at_high, submission, sandbox, Asked(reveal_hidden=True))
        said += f"; at {at_high.limits.time_s:g} s: {_said(higher)}"
        if higher.verdict is not Verdict.TLE:
            failures.append(f"{shown(path)}: expected TLE even at the higher limit; {said}")
    elif result.verdict not in wanted:
        failures.append(f"{shown(path)}: expected {'/'.join(wanted)}, got {said}")
    elif folder == "accepted" and not full:
        failures.append(
            f"{shown(path)}: accepted, but scored {result.score:g} of {at_limit.max_score:g}"
        )
    elif folder == "partially_accepted" and full:
        failures.append(f"{shown(path)}: expected less than the full score, got {said}")
    return f"{shown(path):<48} {said}"


def _said(result: SubmissionResult) -> str:
    first = next((t for t in result.tests if t.verdict is not Verdict.AC), None)
    slowest = max((t.time_s for t in result.tests), default=0.0)
    where = f" on {first.name}" if first else ""
    text = f"{result.verdict.value}{where}, score {result.score:g}, slowest {slowest:.3f} s"
    if result.verdict in (Verdict.CE, Verdict.IE):
        text += f" ({result.compile_output.splitlines()[0] if result.compile_output else ''})"
    return text
