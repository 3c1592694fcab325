"""`grader serve`: a warm grader answering `grader grade` (started by `grader grade` itself)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..context import Context

HELP = "a warm grader answering `grader grade` (started by `grader grade` itself)"


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--socket", required=True, type=Path, metavar="PATH")
    command.add_argument(
        "--idle", type=float, default=600, metavar="SECONDS", help="exit after this long unused"
    )


def run(args: argparse.Namespace, context: Context) -> int:
    from ..warm.server import serve

    return serve(context.path(args.socket), args.idle, context)
