"""`grader push canvas`: a gradebook's scores into a Canvas assignment."""

from __future__ import annotations

import argparse

from ...errors import EXIT_FAILED, EXIT_OK, UsageError
from ..context import Context

HELP = "send a gradebook's scores to a learning platform (Canvas)"


def add_arguments(command: argparse.ArgumentParser) -> None:
    platforms = command.add_subparsers(dest="platform", required=True, metavar="PLATFORM")
    canvas = platforms.add_parser("canvas", help="post scores and comments to a Canvas assignment")
    canvas.add_argument(
        "--url", required=True, help="the Canvas address, https://canvas.example.edu"
    )
    canvas.add_argument("--course", type=int, required=True, metavar="ID")
    canvas.add_argument("--assignment", type=int, required=True, metavar="ID")
    canvas.add_argument("--problem", default="nqueens", metavar="ID")
    canvas.add_argument("--db", default="grader.db", metavar="FILE_OR_URL")
    canvas.add_argument(
        "--token-env",
        default="CANVAS_TOKEN",
        metavar="NAME",
        help="the environment variable that holds an instructor's API token",
    )


def run(args: argparse.Namespace, context: Context) -> int:
    from ...integrations.canvas.push import push
    from ...storage.gradebook import Gradebook
    from ..shared import database_at

    token = context.environ.get(args.token_env, "")
    if not token:
        raise UsageError(f"set {args.token_env} to a Canvas API token (never on the command line)")
    gradebook = Gradebook(database_at(args.db, context))
    try:
        pushed = push(gradebook, args.problem, args.url, token, args.course, args.assignment)
    finally:
        gradebook.close()
    print(
        f"grader push: {len(pushed.graded)} scores sent to assignment {args.assignment}",
        file=context.stdout,
    )
    for student in pushed.unmatched:
        context.say(f"grader push: {student}: no student of course {args.course} has this login")
    return EXIT_FAILED if pushed.unmatched else EXIT_OK
