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
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__
from .errors import GraderError, ProblemError, UsageError
from .judge import load_answers
from .languages import LANGUAGES, extensions
from .problem import Problem, find_problem, load_problem
from .reports import REPORTERS
from .results import Report, SandboxInfo, SubmissionResult

if TYPE_CHECKING:
    from .batch import Entry
from .sandbox import Sandbox
from .verdicts import Verdict

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
SANDBOX_CHOICES = ("auto", "process", "docker")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status instead of raising."""
    parser = _parser()
    args = parser.parse_args(argv)
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="grader", description="Grade programming exercises against a problem's tests."
    )
    parser.add_argument("--version", action="version", version=f"grader {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    grade_command = commands.add_parser("grade", help="grade submissions and report verdicts")
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

    answers_command = commands.add_parser(
        "answers", help="run the references, require them to agree, store the answers"
    )
    answers_command.add_argument("problem_name", nargs="?", default="nqueens", metavar="PROBLEM")
    answers_command.add_argument(
        "--check",
        action="store_true",
        help="only compare with the stored answers (exit 1 if stale)",
    )
    answers_command.add_argument("--sandbox", choices=SANDBOX_CHOICES, default="auto")
    answers_command.set_defaults(run=_answers)

    add_command = commands.add_parser(
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
    add_command.set_defaults(run=_add_test)

    export_command = commands.add_parser(
        "export", help="a gradebook as CSV: a row per student, a column per problem"
    )
    export_command.add_argument("--db", type=Path, required=True, metavar="FILE")
    export_command.add_argument("--format", choices=("csv",), default="csv")
    export_command.set_defaults(run=_export)

    verify_command = commands.add_parser(
        "verify",
        help="prove a problem sound: references agree, examples get their folders' verdicts",
    )
    verify_command.add_argument("problem_name", nargs="?", default="nqueens", metavar="PROBLEM")
    verify_command.add_argument("--sandbox", choices=SANDBOX_CHOICES, default="auto")
    verify_command.add_argument("--jobs", type=_positive, default=2, metavar="N")
    verify_command.set_defaults(run=_verify)

    template_command = commands.add_parser(
        "template", help="print the starter code of a problem in a language"
    )
    template_command.add_argument(
        "--language", required=True, choices=sorted(LANGUAGES), metavar="LANG",
        help=f"one of: {', '.join(sorted(LANGUAGES))}",
    )  # fmt: skip
    _add_problem(template_command)
    template_command.set_defaults(run=_template)

    doctor_command = commands.add_parser(
        "doctor", help="show each sandbox backend, what it enforces here, or why it cannot run"
    )
    doctor_command.set_defaults(run=_doctor)

    image_command = commands.add_parser("image", help="manage the Docker sandbox image")
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
    build_command.set_defaults(run=_image_build)
    return parser


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


def problem_roots() -> tuple[Path, ...]:
    """Where problem names are looked up: ./problems, then the problems/ next to the package."""
    beside_package = Path(__file__).resolve().parent.parent / "problems"
    return (Path("problems"), beside_package)


def _open_problem(name: str) -> Problem:
    return load_problem(find_problem(name, problem_roots()))


def _sandbox(choice: str) -> Sandbox:
    from .doctor import open_sandbox

    return open_sandbox(choice)


def _verify(args: argparse.Namespace) -> int:
    from .verify import render, verify

    problem = _open_problem(args.problem_name)
    answers = load_answers(problem)
    sandbox = _sandbox(args.sandbox)
    try:
        verification = verify(
            problem, answers, sandbox, args.jobs, lambda line: print(line, file=sys.stderr)
        )
    finally:
        sandbox.close()
    sys.stdout.write(render(verification))
    return EXIT_FAILED if verification.failures else EXIT_OK


def _template(args: argparse.Namespace) -> int:
    problem = _open_problem(args.problem)
    language = LANGUAGES[args.language]
    if language.id not in problem.entry_points:
        raise UsageError(f"{problem.id} has no entry point for {language.id}")
    sys.stdout.write(language.template(problem))
    return EXIT_OK


def _doctor(args: argparse.Namespace) -> int:
    from .doctor import render, survey

    statuses = survey()
    print(render(statuses))
    best = next((status for status in statuses if status.available), None)
    return EXIT_OK if best is not None and not best.warning else EXIT_FAILED


def _image_build(args: argparse.Namespace) -> int:
    import time

    from .sandbox.container import connect, default_runtimes
    from .sandbox.image import build_image

    started = time.monotonic()
    client = connect()
    try:
        built = build_image(client, default_runtimes(), args.recipe)
    finally:
        client.close()
    took = time.monotonic() - started
    if built.reused:
        print(f"{built.tag}: already built ({built.recipe} recipe); nothing to do")
    else:
        print(f"{built.tag}: built with the {built.recipe} recipe in {took:.1f} s")
    return EXIT_OK


def _grade(args: argparse.Namespace) -> int:
    from .batch import Progress, collect, grade_all

    problem = _open_problem(args.problem)
    answers = load_answers(problem)
    from .batch import read_roster

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
    sandbox = _sandbox(args.sandbox)
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


def _add_test(args: argparse.Namespace) -> int:
    from .addtest import add_test, parse_inputs
    from .answers import compute_answers, write_answers
    from .verify import render, verify

    problem = _open_problem(args.problem_name)
    problem = add_test(problem, parse_inputs(args.input), args.points, args.hidden, args.name)
    added = problem.tests[-1]
    print(f"{problem.yaml_file}:{added.line}: added test {added.name}")
    sandbox = _sandbox(args.sandbox)
    try:
        write_answers(problem, compute_answers(problem, sandbox))
        print(f"{problem.answer_path(added)}: written from the references")
        verification = verify(problem, load_answers(problem), sandbox)
    finally:
        sandbox.close()
    sys.stdout.write(render(verification))
    return EXIT_FAILED if verification.failures else EXIT_OK


def _export(args: argparse.Namespace) -> int:
    from .gradebook import Gradebook

    if not args.db.exists():
        raise UsageError(f"{args.db}: no such gradebook")
    gradebook = Gradebook(args.db)
    try:
        sys.stdout.write(gradebook.export_csv())
    finally:
        gradebook.close()
    return EXIT_OK


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


def _answers(args: argparse.Namespace) -> int:
    from .answers import compute_answers, stale_answers, write_answers

    problem = _open_problem(args.problem_name)
    sandbox = _sandbox(args.sandbox)
    try:
        computed = compute_answers(problem, sandbox)
    finally:
        sandbox.close()
    if args.check:
        stale = stale_answers(problem, computed)
        for test in stale:
            print(
                f"{problem.answer_path(test)}: differs from what the references compute",
                file=sys.stderr,
            )
        if not stale:
            print(f"{problem.id}: {len(problem.tests)} stored answers match the references")
        return EXIT_FAILED if stale else EXIT_OK
    written = write_answers(problem, computed)
    print(
        f"{problem.id}: references agree on {len(problem.tests)} tests; "
        f"wrote {len(written)} answer files"
    )
    return EXIT_OK
