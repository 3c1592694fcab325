"""`--format gradescope`: the autograder's results.json (written to
/autograder/results/results.json by the run_autograder script).

Hidden tests are `after_published`: students see them once grades are published, and even
then only the verdict and a hint that would read the same for any input."""

from __future__ import annotations

import json

from ...results import Report, SubmissionResult, TestResult
from ...text import json_inert_in_logs
from ...verdicts import Verdict


def render(report: Report, color: bool = False, verbose: bool = False) -> str:
    several = len(report.results) > 1
    tests = [
        entry
        for result in report.results
        for entry in _tests(result, prefix=f"{result.submission}: " if several else "")
    ]
    document = {
        "score": sum(result.score for result in report.results),
        "max_score": sum(result.max_score for result in report.results),
        "execution_time": round(
            sum(test.wall_s for result in report.results for test in result.tests), 3
        ),
        "output": "\n".join([*(_summary(result) for result in report.results), _sandbox(report)]),
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": tests,
    }
    return json_inert_in_logs(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


def _sandbox(report: Report) -> str:
    """The backend, and what it could not enforce here: a weaker run is never silent."""
    shown = f"Sandbox: {report.sandbox.backend}"
    return shown + "".join(f"\nWarning: {line}" for line in report.sandbox.warning.splitlines())


def _summary(result: SubmissionResult) -> str:
    return (
        f"{result.submission} ({result.language}): {result.verdict.value} "
        f"{result.verdict.description}, score {result.score:g}/{result.max_score:g}"
    )


def _tests(result: SubmissionResult, prefix: str) -> list[dict[str, object]]:
    if not result.tests:  # not built: one entry carrying the compiler's message
        return [
            {
                "name": f"{prefix}build",
                "score": 0,
                "max_score": result.max_score,
                "status": "failed",
                "output": result.compile_output,
                "visibility": "visible",
            }
        ]
    return [_test(test, prefix) for test in result.tests]


def _test(test: TestResult, prefix: str) -> dict[str, object]:
    output = test.message
    if test.board:
        output += "\n\n" + test.board
    if test.output:
        output += "\n\nyour program printed:\n" + test.output
    return {
        "name": f"{prefix}{test.name}",
        "score": test.score,
        "max_score": test.max_score,
        "status": "passed" if test.verdict is Verdict.AC else "failed",
        "output": output,
        "visibility": "after_published" if test.hidden else "visible",
    }
