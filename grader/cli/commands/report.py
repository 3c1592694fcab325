"""`grader report`: a class's latest submissions to a problem as one self-contained HTML file
with pictures, for the instructor."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...errors import EXIT_OK, UsageError
from ..arguments import add_problem, add_similarity
from ..context import Context

HELP = "write a class report with pictures from a gradebook (for instructors)"


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--db",
        required=True,
        metavar="FILE_OR_URL",
        help="the gradebook: `grade --db` or the service database",
    )
    add_problem(command)
    command.add_argument("--output", type=Path, default=Path("report.html"), metavar="FILE")
    add_similarity(command)


def run(args: argparse.Namespace, context: Context) -> int:
    from ...insight.report import class_of, render
    from ...storage.gradebook import Gradebook
    from ..shared import database_at, open_problem

    problem = open_problem(args.problem, context)
    gradebook = Gradebook(database_at(args.db, context))
    try:
        handed = class_of(gradebook, problem.id)
    finally:
        gradebook.close()
    if not handed:
        raise UsageError(f"{args.db} holds no results for {problem.id}: grade with --db first")
    common = [context.path(path) for path in args.common]
    page = render(problem, handed, args.threshold, common)
    try:
        context.path(args.output).write_text(page, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{args.output}: cannot write the report ({error.strerror})") from None
    flagged = sum(1 for h in handed if h.flags)
    context.say(
        f"grader report: {args.output} ({len(handed)} students, {flagged} flagged); open it in "
        "a browser"
    )
    return EXIT_OK
