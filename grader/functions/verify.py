"""`grader verify PROBLEM`: the instructor's proof that a problem is sound (Kattis' verifyproblem).

The problem file loads (its errors are ProblemError, with file:line), the references agree and
the stored answers are theirs, every example under submissions/<id>/<verdict>/ gets its
folder's verdict, and the tests catch the wrong examples. Time limits are checked against the
examples: the slowest accepted one must have 2x headroom, and every time-limit example must
still time out at 1.5x the limit (Kattis' rule), per language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Final

from ..errors import ProblemError
from ..judge import Asked, grade
from ..languages import FUNCTION_LANGUAGES, extensions
from ..problem import Problem
from ..results import SubmissionResult, Verification
from ..sandbox import Sandbox
from ..submission import read_submission
from ..verdicts import Verdict
from .answers import compute_answers, stale_answers

FOLDERS: Final = {
    "accepted": Verdict.AC,
    "wrong_answer": Verdict.WA,
    "time_limit_exceeded": Verdict.TLE,
    "memory_limit_exceeded": Verdict.MLE,
    "output_limit_exceeded": Verdict.OLE,
    "runtime_error": Verdict.RTE,
    "compile_error": Verdict.CE,
    "flagged": Verdict.AC,  # passes, but returns stored answers: hardcoded.py must flag it
}
HEADROOM: Final = 2.0  # the slowest accepted example may use at most half the limit
TLE_MARGIN: Final = 1.5  # a time-limit example must still time out at 1.5x the limit


def examples_of(problem: Problem) -> list[Path]:
    """submissions/<problem id>/<verdict folder>/*, beside problems/ (the Kattis layout)."""
    root = problem.directory.parent.parent / "submissions" / problem.id
    known = extensions()
    return sorted(
        path
        for folder in FOLDERS
        for path in (root / folder).glob("*")
        if path.suffix in known and not FUNCTION_LANGUAGES[known[path.suffix]].missing()
    )


def verify(
    problem: Problem,
    answers: Mapping[str, object],
    sandbox: Sandbox,
    jobs: int = 2,
    progress: Callable[[str], None] = lambda line: None,
) -> Verification:
    failures: list[str] = []
    warnings: list[str] = revealing_names(problem)
    progress(f"{problem.id}: running {len(problem.references)} references")
    try:
        computed = compute_answers(problem, sandbox)
    except ProblemError as error:
        failures.append(str(error))
        computed = {}
    if computed:
        for test in stale_answers(problem, computed):
            failures.append(
                f"{problem.answer_path(test)}: stale; run `grader answers {problem.id}`"
            )
    examples = examples_of(problem)
    warnings += _missing_examples(problem, examples)
    progress(f"{problem.id}: grading {len(examples)} examples")
    known = extensions()

    def one(path: Path) -> SubmissionResult:
        submission = read_submission(path, known)
        return grade(problem, answers, submission, sandbox, Asked(reveal_hidden=True))

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = dict(zip(examples, pool.map(one, examples), strict=True))
    warnings += settled(results, one)
    for path, result in results.items():
        wanted = FOLDERS[path.parent.name]
        if result.verdict is not wanted:
            failures.append(
                f"{_shown(path)}: expected {wanted.value}, got {result.verdict.value}"
                + (f" ({result.compile_output.splitlines()[0]})" if result.compile_output else "")
            )
        flagged = path.parent.name == "flagged"
        if flagged and not result.flags:
            failures.append(f"{_shown(path)}: stores its answers, but nothing flags it")
        elif not flagged and path.parent.name == "accepted" and result.flags:
            failures.append(
                f"{_shown(path)}: flagged though it computes: {result.flags[0].message}"
            )
    matrix, matrix_warnings = _catch_matrix(problem, results)
    warnings += matrix_warnings
    timing, timing_failures, timing_warnings = _timing(problem, answers, sandbox, results)
    failures += timing_failures
    warnings += timing_warnings
    return Verification(problem.id, tuple(failures), tuple(warnings), matrix, timing)


def _missing_examples(problem: Problem, examples: list[Path]) -> list[str]:
    """What verify cannot prove for want of examples: that a solution passes within the
    limits (no accepted one), that the tests catch a mistake (no wrong one)."""
    where = problem.directory.parent.parent / "submissions" / problem.id
    shown = f"submissions/{problem.id}/"
    if not examples:
        return [
            f"no examples in {shown} (looked in {where}): nothing shows that a solution "
            "passes within the limits or that the tests catch a mistake; add an accepted "
            f"solution per language in {shown}accepted/ and the lesson's mistakes in "
            f"{shown}wrong_answer/, time_limit_exceeded/, ... (docs/problems.md, step 7)"
        ]
    folders = {path.parent.name for path in examples}
    said = []
    if "accepted" not in folders:
        said.append(f"no accepted example in {shown}accepted/: no limit is checked")
    if not folders - {"accepted", "flagged"}:
        said.append(f"no wrong example in {shown}: nothing shows the tests catch a mistake")
    return said


def revealing_names(problem: Problem) -> list[str]:
    """A warning for each hidden test whose name spells out one of its input's values
    (`n9` for n = 9). Students see hidden tests as `hidden 1`, `hidden 2`, ..., but the name
    is the instructor's everywhere else (the gradebook, the class report, exports)."""
    said = []
    for test in problem.tests:
        words = _words(test.name)
        shown = [
            f"{key} = {value}"
            for key, value in test.input.items()
            if isinstance(value, int | str)
            and not isinstance(value, bool)
            and _words(str(value))
            and _words(str(value)) <= words
        ]
        if test.hidden and shown:
            where = f"{problem.yaml_file}:{test.line}: " if test.line else ""
            said.append(
                f"{where}hidden test {test.name} names its input ({', '.join(shown)}); "
                f"students see it as {test.shown_name!r}, but a neutral name keeps it out "
                "of the gradebook and exports too"
            )
    return said


def _words(text: str) -> set[str]:
    """The runs of letters and of digits in `text`: `n9-big` is {n, 9, big}."""
    return set(re.findall(r"[0-9]+|[^\W\d_]+", text.lower()))


def _catch_matrix(
    problem: Problem, results: Mapping[Path, SubmissionResult]
) -> tuple[str, list[str]]:
    wrong = {
        path: result
        for path, result in results.items()
        if FOLDERS[path.parent.name] is not Verdict.AC and result.tests
    }
    caught = {
        test.name: {path for path, result in wrong.items() if _failed(result, test.name)}
        for test in problem.tests
    }
    warnings = []
    for path, result in wrong.items():
        if all(t.verdict is Verdict.AC for t in result.tests):
            warnings.append(f"{_shown(path)}: no test catches this wrong example")
    samples = {test.name for test in problem.tests if not test.hidden}
    for name, paths in caught.items():
        if name in samples:
            continue  # a sample is there to teach, not only to catch
        others = set().union(*(p for n, p in caught.items() if n != name))
        if paths and paths <= others:
            warnings.append(f"test {name} catches nothing that no other test catches")
        if not paths and wrong:
            warnings.append(f"test {name} catches no wrong example")
    width = max((len(_shown(path)) for path in wrong), default=10)
    header = " " * width + "  " + " ".join(f"{test.name:>4}" for test in problem.tests)
    rows = [
        f"{_shown(path):<{width}}  "
        + " ".join(f"{'x' if path in caught[test.name] else '.':>4}" for test in problem.tests)
        for path in wrong
    ]
    return "\n".join([header, *rows]), warnings


def _failed(result: SubmissionResult, test_name: str) -> bool:
    return any(t.name == test_name and t.verdict is not Verdict.AC for t in result.tests)


def _one_test_s(result: SubmissionResult) -> list[float]:
    """Each test's CPU; not the random tests' row, whose time is all of its inputs' where
    they were called in one request (each input's is at most that, and each has the test's
    limit when called alone)."""
    return [test.time_s for test in result.tests if test.alias != "random"] or [0.0]


def _timing(
    problem: Problem,
    answers: Mapping[str, object],
    sandbox: Sandbox,
    results: Mapping[Path, SubmissionResult],
) -> tuple[str, list[str], list[str]]:
    lines, failures, warnings = [], [], []
    for language_id, language in FUNCTION_LANGUAGES.items():
        limits = problem.limits.for_language(language_id, language.time_factor)
        accepted = [
            (max(_one_test_s(result)), path)
            for path, result in results.items()
            if result.language == language_id and result.verdict is Verdict.AC and result.tests
        ]
        if not accepted:
            continue
        slowest, path = max(accepted)
        proposal = max(slowest * HEADROOM, 0.1)
        lines.append(
            f"{language.name}: slowest accepted {slowest:.3f} s ({_shown(path)}); limit "
            f"{limits.time_s:g} s; at least {proposal:.2f} s needed (x{HEADROOM:g})"
        )
        if proposal > limits.time_s:
            warnings.append(
                f"{language.name}: {_shown(path)} uses {slowest:.3f} s, less than "
                f"{HEADROOM:g}x headroom under the {limits.time_s:g} s limit: it may flip to TLE"
            )
        for tle_path, result in results.items():
            if result.language != language_id or result.verdict is not Verdict.TLE:
                continue
            wider = replace(
                limits, time_s=limits.time_s * TLE_MARGIN, wall_s=limits.wall_s * TLE_MARGIN
            )
            # Its verdict holds while any test still times out: the last ones (the largest
            # inputs, as a rule) are tried first, and one is enough.
            timed_out = [t.name for t in result.tests if t.verdict is Verdict.TLE]
            finished = []
            for name in reversed(timed_out):
                one_test = replace(
                    problem,
                    tests=tuple(t for t in problem.tests if t.name == name),
                    limits=replace(wider, time_factors={language_id: 1.0}),
                )
                submission = read_submission(tle_path, extensions())
                again = grade(one_test, answers, submission, sandbox)
                if again.verdict is Verdict.TLE:
                    break
                finished.append(f"{name} ({again.verdict.value})")
            else:
                failures.append(
                    f"{_shown(tle_path)}: at {TLE_MARGIN:g}x the time limit no test it timed out "
                    f"on is TLE any more ({', '.join(finished)}): its verdict depends on a limit "
                    "within the margin"
                )
    return "\n".join(lines), failures, warnings


def settled(
    results: dict[Path, SubmissionResult], grade_alone: Callable[[Path], SubmissionResult]
) -> list[str]:
    """An example graded other than its folder says is graded once more, alone: a memory
    hog that timed out on a machine busy with the rest of the batch (its page faults cost
    CPU too) is the machine's doing, not the example's. Where the second verdict is the
    folder's it stands, with a warning; where it is not, the first stands."""
    said = []
    for path, result in results.items():
        wanted = FOLDERS[path.parent.name]
        if result.verdict is wanted:
            continue
        again = grade_alone(path)
        if again.verdict is wanted:
            results[path] = again
            said.append(
                f"{_shown(path)}: {result.verdict.value} while the other examples were graded, "
                f"{again.verdict.value} alone: its verdict depends on how busy the machine is"
            )
    return said


def _shown(path: Path) -> str:
    parts = path.parts
    return "/".join(parts[-2:])
