"""`grader verify PACKAGE`: a problem package proved sound as problemtools' verifyproblem
proves it. Every input validator accepts every `.in` (exit 42, with its group's
`input_validator_flags`); the time limit is the package's, or computed from the slowest
accepted submission; every submission under submissions/<folder>/ gets its folder's verdict:

  accepted            AC with the full score
  partially_accepted  AC with less than the full score (a scoring problem)
  wrong_answer        WA
  run_time_error      RTE (running out of memory is one, as the format counts it)
  time_limit_exceeded TLE, still at the limit times `time_limit_to_tle`
  slow_accepted       AC or TLE, never counted for the limit (problemtools leaves the
                      folder alone; what is slow under PyPy may time out under CPython)
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Final

from ..errors import GraderError
from ..judge import Asked
from ..plain.run import run_built
from ..problem import Problem
from ..results import SubmissionResult, Verification
from ..sandbox import Sandbox
from ..sandbox.base import Termination
from ..submission import read_submission
from ..verdicts import Verdict
from .contest import contest_extensions, language_of
from .graded import graded
from .model import Group, package_of
from .time_limit import accepted_submissions, computed_limit, measured, with_limit
from .validation import build_helper, validation_limits

EXPECTED: Final = {
    "accepted": (Verdict.AC,),
    "partially_accepted": (Verdict.AC,),
    "wrong_answer": (Verdict.WA,),
    "run_time_error": (Verdict.RTE, Verdict.MLE),
    "time_limit_exceeded": (Verdict.TLE,),
    "slow_accepted": (Verdict.AC, Verdict.TLE),
}
VALID: Final = 42
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
    _validate_inputs(problem, sandbox, failures, warnings)
    limit = package.limits.time_limit_s
    timing = []
    if limit is None:
        accepted = accepted_submissions(problem)
        if not accepted:
            failures.append("no time limit is given and no accepted submission computes one")
            return Verification(problem.id, tuple(failures), tuple(warnings), "", "")
        progress(f"{problem.id}: timing {len(accepted)} accepted submissions")
        slowest = 0.0
        for _, result in measured(problem, sandbox, accepted):
            if result.verdict is Verdict.AC:
                slowest = max([slowest, *(test.time_s for test in result.tests)])
        limit = computed_limit(problem, sandbox, slowest)
        timing.append(
            f"slowest accepted {slowest:.3f} s x {package.limits.ac_to_time_limit:g} -> time "
            f"limit {limit:g} s (rounded up to {package.limits.time_resolution_s:g} s)"
        )
    else:
        timing.append(f"time limit {limit:g} s (given)")
    high = limit * package.limits.time_limit_to_tle
    timing.append(f"a time-limit submission must still fail at {high:g} s")
    at_limit, at_high = with_limit(problem, limit), with_limit(problem, high)
    found = _submissions(problem, warnings)
    progress(f"{problem.id}: grading {len(found)} submissions")

    def one(path: Path) -> str:
        return _verdict_of(path, at_limit, at_high, sandbox, failures, warnings)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = list(pool.map(one, found))
    matrix = "\n".join(rows)
    return Verification(
        problem.id, tuple(failures), tuple(warnings), matrix, "\n".join(timing), SUBMISSIONS
    )


def _submissions(problem: Problem, warnings: list[str]) -> list[Path]:
    root = problem.directory / "submissions"
    found = []
    for folder in sorted(root.iterdir()) if root.is_dir() else ():
        if folder.name not in EXPECTED:
            warnings.append(f"submissions/{folder.name}/: a folder grader does not know; skipped")
            continue
        for path in sorted(folder.iterdir()):
            if path.is_file() and language_of(path) is not None:
                found.append(path)
            else:
                warnings.append(f"{_shown(path)}: not graded (no language grader builds)")
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
            failures.append(f"{_shown(path)}: expected TLE even at the higher limit; {said}")
    elif result.verdict not in wanted:
        failures.append(f"{_shown(path)}: expected {'/'.join(wanted)}, got {said}")
    elif folder == "accepted" and not full:
        failures.append(
            f"{_shown(path)}: accepted, but scored {result.score:g} of {at_limit.max_score:g}"
        )
    elif folder == "partially_accepted" and full:
        failures.append(f"{_shown(path)}: expected less than the full score, got {said}")
    return f"{_shown(path):<48} {said}"


def _said(result: SubmissionResult) -> str:
    first = next((t for t in result.tests if t.verdict is not Verdict.AC), None)
    slowest = max((t.time_s for t in result.tests), default=0.0)
    where = f" on {first.name}" if first else ""
    text = f"{result.verdict.value}{where}, score {result.score:g}, slowest {slowest:.3f} s"
    if result.verdict in (Verdict.CE, Verdict.IE):
        text += f" ({result.compile_output.splitlines()[0] if result.compile_output else ''})"
    return text


def _validate_inputs(
    problem: Problem, sandbox: Sandbox, failures: list[str], warnings: list[str]
) -> None:
    package = package_of(problem)
    if not package.input_validators:
        warnings.append("no input validators: nothing proves the test data follows the statement")
    flags_of = {case.name: "" for case in package.data.cases()}
    _flags_by_case(package.data, flags_of)
    for path in package.input_validators:
        if language_of(path) is None:
            warnings.append(f"{_shown(path)}: not run (no language grader builds: {path.suffix})")
            continue
        try:
            program = build_helper(problem, sandbox, path)
        except GraderError as error:
            failures.append(str(error))
            continue
        for case in package.data.cases():
            flags = tuple(flags_of[case.name].split())
            run = replace(program, argv=(*program.argv, *flags))
            outcome = run_built(sandbox, run, case.input.read_bytes(), validation_limits(package))
            if outcome.termination is Termination.EXITED and outcome.exit_code == VALID:
                continue
            said = (outcome.stderr or outcome.stdout).decode("utf-8", "replace").strip()
            code = (
                outcome.exit_code
                if outcome.termination is Termination.EXITED
                else outcome.termination
            )
            failures.append(
                f"data/{case.name}.in: rejected by {_shown(path)} (exit {code}, not 42)"
                + (f": {said.splitlines()[0][:200]}" if said else "")
            )


def _flags_by_case(group: Group, flags_of: dict[str, str]) -> None:
    for item in group.items:
        if isinstance(item, Group):
            _flags_by_case(item, flags_of)
        else:
            flags_of[item.name] = group.config.input_validator_flags


def _shown(path: Path) -> str:
    return "/".join(path.parts[-2:])
