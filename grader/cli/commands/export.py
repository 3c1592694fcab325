"""`grader export`: a gradebook as CSV, a row per student and a column per problem."""

from __future__ import annotations

import argparse
from pathlib import Path

from ...errors import EXIT_OK, UsageError
from ..context import Context

HELP = "a gradebook as CSV: a row per student, a column per problem"


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--db", required=True, metavar="FILE_OR_URL", help="a SQLite file, or a postgresql:// URL"
    )
    command.add_argument("--format", choices=("csv",), default="csv")


def run(args: argparse.Namespace, context: Context) -> int:
    from ...storage.gradebook import Gradebook
    from ..shared import database_at

    where = database_at(args.db, context)
    if "://" not in where and not Path(where).exists():
        raise UsageError(f"{args.db}: no such gradebook")
    gradebook = Gradebook(where)
    try:
        context.stdout.write(gradebook.export_csv())
    finally:
        gradebook.close()
    return EXIT_OK
