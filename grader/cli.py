"""The command line: `grader grade`, `grader answers`, `grader doctor`, `grader image build`,
`grader --version`.

Exit status: 0 every submission AC (or the command succeeded), 1 some submission is not AC
(or answers are stale), 2 a usage or problem-definition error (one line on stderr), 3 an
internal error of the grader.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .__version__ import __version__
from .errors import (
    EXIT_FAILED,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_USAGE,
    GraderError,
    ProblemError,
    UsageError,
)
from .languages import LANGUAGES
from .reports import REPORTERS
from .sandbox import SANDBOXES

if TYPE_CHECKING:
    from .batch import Entry
    from .results import Report, SubmissionResult
    from .sandbox.kept import KeptSandboxes

# What a command imports, it imports when it runs: `grader --version` and the parser cost
# almost nothing, and `grade` loads one language, one checker, one backend, one format.
SANDBOX_CHOICES = ("auto", *SANDBOXES)


def main(argv: Sequence[str] | None = None, sandboxes: KeptSandboxes | None = None) -> int:
    """Run the command line; returns the exit status instead of raising. `sandboxes`, from
    the warm server, keeps backends open from one command to the next."""
    parser = _parser()
    args = parser.parse_args(argv)
    args.sandboxes = sandboxes
    try:
        os.getcwd()  # fails once the directory is deleted, though "." can still be read
    except OSError:
        print("grader: error: the current directory no longer exists", file=sys.stderr)
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except (UsageError, ProblemError) as error:
        print(f"grader: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except GraderError as error:
        print(f"grader: internal error: {error}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        print("grader: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001 - a bug of the harness: one line, exit 3
        print(
            f"grader: internal error: {type(error).__name__}: {error} (a bug in grader; "
            "please report it with the command line)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


@cache  # a warm server parses many command lines; argparse's set-up costs several ms
def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="grader", description="Grade programming exercises against a problem's tests."
    )
    parser.add_argument("--version", action="version", version=f"grader {__version__}")
    subcommands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    grade_command = subcommands.add_parser("grade", help="grade submissions and report verdicts")
    grade_command.add_argument(
        "submissions",
        nargs="+",
        metavar="SUBMISSION",
        help="files, or folders searched for files of known languages",
    )
    _add_problem(grade_command)
    grade_command.add_argument(
        "--sandbox",
        choices=SANDBOX_CHOICES,
        default="auto",
        help="where submissions run (default: the strongest available)",
    )
    grade_command.add_argument("--format", choices=sorted(REPORTERS), default="text")
    grade_command.add_argument(
        "--output", type=Path, metavar="FILE", help="write the report to FILE instead of stdout"
    )
    grade_command.add_argument(
        "--jobs", type=_positive, default=1, metavar="N", help="grade N submissions at once"
    )
    grade_command.add_argument(
        "--db",
        type=Path,
        metavar="FILE",
        help="record every result in this SQLite gradebook; skip what it already holds",
    )
    grade_command.add_argument(
        "--student-pattern",
        metavar="REGEX",
        help="the student from a submission's path: group `student` (or 1) of REGEX "
        "(default: the first name under a graded folder, or the file's name)",
    )
    grade_command.add_argument(
        "--roster",
        type=Path,
        metavar="CSV",
        help="columns student,file: the id to record for each file or folder name",
    )
    grade_command.add_argument(
        "--reveal-hidden",
        action="store_true",
        help="show hidden tests' inputs and messages (for instructors)",
    )
    grade_command.set_defaults(run=_grade)

    answers_command = subcommands.add_parser(
        "answers", help="run the references, require them to agree, store the answers"
    )
    answers_command.add_argument("problem_name", nargs="?", default="nqueens", metavar="PROBLEM")
    answers_command.add_argument(
        "--check",
        action="store_true",
        help="only compare with the stored answers (exit 1 if stale)",
    )
    answers_command.add_argument("--sandbox", choices=SANDBOX_CHOICES, default="auto")
    answers_command.set_defaults(run=_command("answers_command"))

    add_command = subcommands.add_parser(
        "add-test", help="append a test to a problem, compute its answer, re-check the examples"
    )
    add_command.add_argument("problem_name", metavar="PROBLEM")
    add_command.add_argument(
        "--input", action="append", required=True, metavar="NAME=VALUE", help="e.g. n=7"
    )
    add_command.add_argument("--points", type=float, default=1, metavar="P")
    add_command.add_argument("--hidden", action="store_true", help="hidden, not a sample")
    add_command.add_argument("--name", metavar="NAME")
    add_command.add_argument("--sandbox", choices=SANDBOX_CHOICES, default="auto")
    add_command.set_defaults(run=_command("add_test_command"))

    export_command = subcommands.add_parser(
        "export", help="a gradebook as CSV: a row per student, a column per problem"
    )
    export_command.add_argument("--db", type=Path, required=True, metavar="FILE")
    export_command.add_argument("--format", choices=("csv",), default="csv")
    export_command.set_defaults(run=_command("export_command"))

    verify_command = subcommands.add_parser(
        "verify",
        help="prove a problem sound: references agree, examples get their folders' verdicts",
    )
    verify_command.add_argument("problem_name", nargs="?", default="nqueens", metavar="PROBLEM")
    verify_command.add_argument("--sandbox", choices=SANDBOX_CHOICES, default="auto")
    verify_command.add_argument("--jobs", type=_positive, default=2, metavar="N")
    verify_command.set_defaults(run=_command("verify_command"))

    template_command = subcommands.add_parser(
        "template", help="print the starter code of a problem in a language"
    )
    template_command.add_argument(
        "--language", required=True, choices=sorted(LANGUAGES), metavar="LANG",
        help=f"one of: {', '.join(sorted(LANGUAGES))}",
    )  # fmt: skip
    _add_problem(template_command)
    template_command.set_defaults(run=_command("template_command"))

    statement_command = subcommands.add_parser(
        "statement",
        help="print a problem's statement, with what a file may use in each language",
    )
    _add_problem(statement_command)
    statement_command.set_defaults(run=_command("statement_command"))

    doctor_command = subcommands.add_parser(
        "doctor", help="show each sandbox backend, what it enforces here, or why it cannot run"
    )
    doctor_command.set_defaults(run=_command("doctor_command"))

    serve_command = subcommands.add_parser(
        "serve",
        help="a warm grader answering `grader grade` (started by `grader grade` itself)",
    )
    serve_command.add_argument("--socket", required=True, metavar="PATH")
    serve_command.add_argument(
        "--idle", type=float, default=600, metavar="SECONDS", help="exit after this long unused"
    )
    serve_command.set_defaults(run=_serve)

    image_command = subcommands.add_parser("image", help="manage the Docker sandbox image")
    image_actions = image_command.add_subparsers(dest="action", required=True, metavar="ACTION")
    build_command = image_actions.add_parser(
        "build", help="build the image locally (reused when it already exists)"
    )
    build_command.add_argument(
        "--recipe",
        choices=("auto", "registry", "offline"),
        default="auto",
        help="registry: a Dockerfile on the official Python image; offline: from this "
        "machine's own interpreter; auto: the registry if it answers, else offline",
    )
    build_command.set_defaults(run=_command("image_build_command"))
    return parser


def _serve(args: argparse.Namespace) -> int:
    from .server import serve_command

    return serve_command(args, main)  # the server runs each request through this CLI


def _command(name: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        from . import commands

        command: Callable[[argparse.Namespace], int] = getattr(commands, name)
        return command(args)

    return run


def _add_problem(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--problem",
        default="nqueens",
        metavar="DIR_OR_NAME",
        help="a problem folder, or a name under problems/ (default: nqueens)",
    )


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _grade(args: argparse.Namespace) -> int:
    from .batch import Progress, collect, grade_all, read_roster
    from .commands import open_chosen_sandbox, open_problem
    from .judge import load_answers
    from .languages import extensions
    from .results import Report, SandboxInfo
    from .verdicts import Verdict

    problem = open_problem(args.problem)
    answers = load_answers(problem)

    roster = read_roster(args.roster) if args.roster else None
    entries = collect(args.submissions, extensions(), args.student_pattern, roster)
    gradebook = None
    skipped: list[str] = []
    if args.db is not None:
        from .gradebook import Gradebook

        gradebook = Gradebook(args.db)
        already = {id(e): gradebook.graded(e.submission, e.student, problem) for e in entries}
        skipped = [verdict.verdict for verdict in already.values() if verdict is not None]
        entries = [entry for entry in entries if already[id(entry)] is None]
    kept: KeptSandboxes | None = args.sandboxes
    sandbox = kept.open(args.sandbox) if kept else open_chosen_sandbox(args.sandbox)
    progress = Progress(len(entries))

    def finished(entry: Entry, result: SubmissionResult) -> None:
        if gradebook is not None:
            gradebook.record(entry.submission, entry.student, problem, sandbox.name, result)
        progress(entry, result)

    try:
        results = grade_all(
            problem, answers, entries, sandbox, args.jobs, args.reveal_hidden, finished
        )
        info = SandboxInfo(sandbox.name, sandbox.protections(), sandbox.warning())
    finally:
        if kept is None:
            sandbox.close()
        if gradebook is not None:
            gradebook.close()
    if skipped:
        print(f"grader: {len(skipped)} submissions already graded in {args.db}", file=sys.stderr)
    report = Report(
        problem=problem.id, problem_file=problem.yaml_file, sandbox=info, results=results
    )
    _emit(report, args.format, args.output)
    verdicts = [result.verdict.value for result in results] + skipped
    if Verdict.IE.value in verdicts:
        return EXIT_INTERNAL
    return EXIT_OK if all(v == Verdict.AC.value for v in verdicts) else EXIT_FAILED


def _emit(report: Report, format_name: str, output: Path | None) -> None:
    summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
    if format_name == "github" and summary_file:
        from .reports.github import markdown_summary

        try:
            with open(summary_file, "a", encoding="utf-8") as summary:
                summary.write(markdown_summary(report))
        except OSError as error:
            raise UsageError(
                f"{summary_file}: cannot append the summary ({error.strerror})"
            ) from None
    if output is None:
        color = format_name == "text" and sys.stdout.isatty() and "NO_COLOR" not in os.environ
        sys.stdout.write(REPORTERS[format_name](report, color))
        return
    try:
        output.write_text(REPORTERS[format_name](report, False), encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{output}: cannot write the report ({error.strerror})") from None
