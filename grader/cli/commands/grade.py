"""`grader grade`: grade submissions and report their verdicts."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, UsageError
from ...reports import REPORTERS
from ..arguments import add_problem, add_sandbox, positive
from ..context import Context

if TYPE_CHECKING:
    from ...kinds.batch import Entry
    from ...results import Report, SubmissionResult

HELP = "grade submissions and report verdicts"


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "submissions",
        nargs="+",
        metavar="SUBMISSION",
        help="files, or folders searched for files of known languages",
    )
    add_problem(command)
    add_sandbox(command, "where submissions run (default: the strongest available)")
    command.add_argument("--format", choices=sorted(REPORTERS), default="text")
    command.add_argument(
        "--verbose",
        action="store_true",
        help="also list every protection of the sandbox in force (text reports)",
    )
    command.add_argument(
        "--output", type=Path, metavar="FILE", help="write the report to FILE instead of stdout"
    )
    command.add_argument(
        "--jobs", type=positive, default=1, metavar="N", help="grade N submissions at once"
    )
    command.add_argument(
        "--db",
        metavar="FILE_OR_URL",
        help="record every result in this gradebook (a SQLite file or a postgresql:// URL); "
        "skip what it already holds",
    )
    command.add_argument(
        "--student-pattern",
        metavar="REGEX",
        help="the student from a submission's path: group `student` (or 1) of REGEX "
        "(default: the first name under a graded folder, or the file's name)",
    )
    command.add_argument(
        "--roster",
        type=Path,
        metavar="CSV",
        help="columns student,file: the id to record for each file or folder name",
    )
    command.add_argument(
        "--step",
        type=positive,
        metavar="K",
        help="a lesson's steps 1..K only, as a student working on step K checks them "
        "(default: every step)",
    )
    command.add_argument(
        "--reveal-hidden",
        action="store_true",
        help="show hidden tests' inputs and messages (for instructors)",
    )


def run(args: argparse.Namespace, context: Context) -> int:
    from ...judge import student_view
    from ...kinds import check_step, extensions_for, load_answers
    from ...kinds.batch import Progress, collect, grade_all, read_roster
    from ...results import Report, SandboxInfo
    from ...sandbox import auto_reason
    from ...verdicts import Verdict, worst
    from ..shared import database_at, open_problem, sandbox_for

    problem = open_problem(args.problem, context)
    check_step(problem, args.step)
    answers = load_answers(problem)
    roster = read_roster(context.path(args.roster)) if args.roster else None
    entries = collect(
        args.submissions, extensions_for(problem), args.student_pattern, roster, context.cwd
    )
    gradebook = None
    skipped: list[Verdict] = []
    if args.db is not None:
        from ...storage.gradebook import Gradebook

        gradebook = Gradebook(database_at(args.db, context))
        already = {id(e): gradebook.graded(e.submission, e.student, problem) for e in entries}
        skipped = [graded.verdict for graded in already.values() if graded is not None]
        entries = [entry for entry in entries if already[id(entry)] is None]
    progress = Progress(len(entries), context.stderr)
    try:
        with sandbox_for(args, context) as sandbox:
            # A gradebook is an instructor's: it holds every result whole (hidden tests, flags,
            # probes run); what is printed is the student's view unless --reveal-hidden. A
            # student grading their own file pays for neither.
            whole = args.reveal_hidden or gradebook is not None

            def shown(result: SubmissionResult) -> SubmissionResult:
                return result if args.reveal_hidden else student_view(result)

            def finished(entry: Entry, result: SubmissionResult) -> None:
                if gradebook is not None:
                    gradebook.record(entry.submission, entry.student, problem, sandbox.name, result)
                progress(entry, shown(result))

            graded = grade_all(
                problem, answers, entries, sandbox, args.jobs, whole, finished, args.step
            )
            results = tuple(shown(result) for result in graded)
            why = auto_reason(sandbox) if args.sandbox == "auto" else ""
            info = SandboxInfo(sandbox.name, sandbox.protections(), sandbox.warning(), why)
    finally:
        if gradebook is not None:
            gradebook.close()
    if skipped:
        context.say(f"grader: {len(skipped)} submissions already graded in {args.db}")
    report = Report(
        problem=problem.id, problem_file=problem.yaml_file, sandbox=info, results=results
    )
    emit(report, args.format, args.output, context, args.verbose)
    summed = worst([result.verdict for result in results] + skipped)
    if summed is Verdict.IE:
        return EXIT_INTERNAL
    return EXIT_OK if summed is Verdict.AC else EXIT_FAILED


def emit(
    report: Report,
    format_name: str,
    output: Path | None,
    context: Context,
    verbose: bool = False,
) -> None:
    """The report in `format_name`, to `output` or the context's stdout; a GitHub step
    summary too where GitHub asks for one."""
    summary_file = context.environ.get("GITHUB_STEP_SUMMARY")
    if format_name == "github" and summary_file:
        from ...reports.github import markdown_summary

        try:
            with open(context.path(summary_file), "a", encoding="utf-8") as summary:
                summary.write(markdown_summary(report))
        except OSError as error:
            raise UsageError(
                f"{summary_file}: cannot append the summary ({error.strerror})"
            ) from None
    if output is None:
        color = (
            format_name == "text" and context.stdout.isatty() and "NO_COLOR" not in context.environ
        )
        context.stdout.write(REPORTERS[format_name](report, color, verbose))
        return
    try:
        context.path(output).write_text(
            REPORTERS[format_name](report, False, verbose), encoding="utf-8"
        )
    except OSError as error:
        raise UsageError(f"{output}: cannot write the report ({error.strerror})") from None
