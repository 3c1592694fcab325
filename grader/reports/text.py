"""`--format text`: a table per submission, then what went wrong on the first failing test."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from ..results import Report, SubmissionResult, TestResult
from ..text import inert_in_logs
from ..verdicts import Verdict

COLORS = {Verdict.AC: "32", Verdict.WA: "31", Verdict.CE: "35", Verdict.IE: "41;97"}
MESSAGE_WIDTH = 64
INPUT_SHOWN = 200  # characters of a failing test's input, in its details

Paint = Callable[[str, str], str]


def render(report: Report, color: bool = False, verbose: bool = False) -> str:
    paint = _painter(color)
    chosen = f" ({report.sandbox.chosen_because})" if report.sandbox.chosen_because else ""
    lines = [f"Problem: {report.problem}    Sandbox: {report.sandbox.backend}{chosen}"]
    if verbose:
        lines += textwrap.wrap(
            "; ".join(report.sandbox.protections),
            width=100,
            initial_indent="  in force: ",
            subsequent_indent="    ",
            break_on_hyphens=False,
        )
    for warning in report.sandbox.warning.splitlines():
        lines.append(paint(f"warning: {warning}", "33"))
    for result in report.results:
        lines.append("")
        lines.extend(_submission(result, paint))
    if len(report.results) > 1:
        lines.append("")
        lines.append(_summary(report.results, paint))
    # Printed in CI logs too: no line a submission wrote may read as a runner's command.
    return inert_in_logs("\n".join(lines)) + "\n"


def _painter(color: bool) -> Paint:
    def paint(text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if color else text

    return paint


def _verdict(verdict: Verdict, paint: Paint, width: int = 0) -> str:
    return paint(f"{verdict.value:<{width}}", COLORS.get(verdict, "33"))


def _points(value: float) -> str:
    return f"{value:g}"


def _submission(result: SubmissionResult, paint: Paint) -> list[str]:
    head = (
        f"{result.submission} ({result.language}): {_verdict(result.verdict, paint)} "
        f"{result.verdict.description}, score {_points(result.score)}/"
        f"{_points(result.max_score)}"
    )
    lines = [paint(head, "1")]
    if result.verdict in (Verdict.CE, Verdict.IE) and not result.tests:
        lines.extend("  " + line for line in result.compile_output.splitlines())
        return lines
    names = [
        test.name + (" (hidden)" if test.hidden and not test.redacted else "")
        for test in result.tests
    ]
    width = max(len(name) for name in ["test", *names]) + 1
    lines.append(f"  {'test':<{width}}{'verdict':<9}{'cpu':>8}{'wall':>8}{'memory':>10}  message")
    for name, test in zip(names, result.tests, strict=True):
        first_line = test.message.splitlines()[0] if test.message else ""
        figures = (
            f"{'-':>8}{'-':>8}{'-':>10}"  # they grow with the hidden input
            if test.redacted
            else f"{test.time_s:>7.3f}s{test.wall_s:>7.3f}s{test.memory_kib / 1024:>6.1f} MiB"
        )
        lines.append(
            f"  {name:<{width}}{_verdict(test.verdict, paint, 9)}{figures}  "
            f"{_shortened(first_line)}"
        )
    if result.groups:  # a scoring package's groups, as its grader summed them up
        summed = ", ".join(
            f"{g.name} {g.verdict.value} {_points(g.score)}/{_points(g.max_score)}"
            for g in result.groups
        )
        lines.extend(
            textwrap.wrap(f"groups: {summed}", 100, initial_indent="  ", subsequent_indent="    ")
        )
    failing = next((t for t in result.tests if t.verdict is not Verdict.AC), None)
    if failing is not None:
        lines.extend(_details(failing))
    if result.flags:  # only in an instructor's view (--reveal-hidden)
        lines.append(paint("  Flags (for the instructor; the verdict stands):", "33"))
        lines.extend(f"    - {flag.message}" for flag in result.flags)
    return lines


def _shortened(message: str) -> str:
    collapsed = " ".join(message.split())  # what shorten does first; most messages fit then
    if len(collapsed) <= MESSAGE_WIDTH:
        return collapsed
    return textwrap.shorten(collapsed, MESSAGE_WIDTH, placeholder=" …")


def _details(test: TestResult) -> list[str]:
    """The whole story of the first failing test: message, board, what it printed."""
    title = f"  First failure: {test.name}"
    if test.input is not None:
        title += " with " + ", ".join(f"{key} = {_cut(value)}" for key, value in test.input.items())
    lines = ["", title]
    lines.extend(f"    {line}" for line in test.message.splitlines())
    lines.extend(f"    judge: {line}" for line in test.judge_note.splitlines())
    if test.board:
        lines.append("")
        lines.extend(f"    {line}" for line in test.board.splitlines())
    if test.output:
        lines.append("    your program printed:")
        lines.extend(f"    | {line}" for line in test.output.splitlines()[:20])
    return lines


def _cut(value: object) -> str:
    """An input as the report prints it: whole when short, else its start and its size
    (a hidden test's 2,000 items are the instructor's to look up, not to scroll past)."""
    text = str(value)
    if len(text) <= INPUT_SHOWN:
        return text
    size = (
        f"{len(value)} items"
        if isinstance(value, list | dict | tuple)
        else f"{len(text)} characters"
    )
    return f"{text[:INPUT_SHOWN]}… ({size} in all)"


def _summary(results: tuple[SubmissionResult, ...], paint: Paint) -> str:
    counts: dict[Verdict, int] = {}
    for result in results:
        counts[result.verdict] = counts.get(result.verdict, 0) + 1
    parts = [f"{count} {_verdict(verdict, paint)}" for verdict, count in counts.items()]
    return f"{len(results)} submissions: " + ", ".join(parts)
