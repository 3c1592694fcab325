"""`--format github`: workflow commands that annotate a run (`::error file=,line=::`), one per
failing test, then a line per submission. `markdown_summary` is what the CLI appends to
$GITHUB_STEP_SUMMARY when that variable is set."""

from __future__ import annotations

import re

from ..results import Report, SubmissionResult
from ..text import inert_in_logs
from ..verdicts import Verdict


def render(report: Report, color: bool = False, verbose: bool = False) -> str:
    lines = []
    for result in report.results:
        lines.extend(_annotations(report, result))
        # A plain log line: a file's name with a newline in it must not start a command.
        lines.append(
            inert_in_logs(
                f"{_message(result.submission)}: {result.verdict.value} "
                f"{result.verdict.description}, score {result.score:g}/{result.max_score:g}"
            )
        )
    return "\n".join(lines) + "\n"


def _annotations(report: Report, result: SubmissionResult) -> list[str]:
    if result.verdict is Verdict.CE:
        # A compile error names the student's line: annotate their file there.
        found = re.search(r":(\d+)[:,)]", result.compile_output)
        line = f",line={found[1]}" if found else ""
        return [
            f"::error file={_property(result.submission)}{line},"
            f"title={_property(f'{result.verdict.value}: compile error')}::"
            f"{_message(result.compile_output)}"
        ]
    # A failing test lands in the student's diff: at the line that declares the function
    # graded (a whole program: its file), never in the grader's own checkout.
    line = f",line={result.entry_line}" if result.entry_line is not None else ""
    return [
        f"::error file={_property(result.submission)}{line},"
        f"title={_property(f'{test.name}: {test.verdict.value} {test.verdict.description}')}::"
        + _message(test.message)
        for test in result.tests
        if test.verdict is not Verdict.AC
    ]


def markdown_summary(report: Report) -> str:
    rows = [
        f"### grader: {report.problem} ({report.sandbox.backend} sandbox)",
        "",
        "| submission | language | verdict | score | failing tests |",
        "| --- | --- | --- | --- | --- |",
    ]
    for result in report.results:
        failing = ", ".join(
            f"{test.name} ({test.verdict.value})"
            for test in result.tests
            if test.verdict is not Verdict.AC
        )
        rows.append(
            f"| `{_cell(result.submission)}` | {result.language} | {result.verdict.value} | "
            f"{result.score:g}/{result.max_score:g} | {failing or '-'} |"
        )
    return "\n".join(rows) + "\n"


def _message(text: str) -> str:
    """Workflow-command data: %, CR and LF are escaped, so multi-line messages survive."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _cell(text: str) -> str:
    """A table cell in a code span: nothing in a file's name ends the span, the cell or
    the row."""
    return text.replace("`", "'").replace("|", "\\|").replace("\n", " ")


def _property(text: str) -> str:
    return _message(text).replace(":", "%3A").replace(",", "%2C")
