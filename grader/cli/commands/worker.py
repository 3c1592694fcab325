"""`grader worker`: grade what `grader web --queue URL` enqueues, on this machine."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path

from ...errors import EXIT_OK
from ..arguments import add_sandbox, positive, sandbox_options
from ..context import Context

HELP = "grade the submissions a `grader web --queue URL` service enqueues"


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--queue", required=True, metavar="URL",
                         help="redis://HOST:PORT or unix:///path/redis.sock")  # fmt: skip
    command.add_argument("--db", default="grader.db", metavar="FILE_OR_URL",
                         help="the service's database (the same as `grader web --db`)")  # fmt: skip
    command.add_argument("--jobs", type=positive, default=1, metavar="N",
                         help="worker processes, each with its own warm sandbox")  # fmt: skip
    add_sandbox(command)
    command.add_argument("--problems", type=Path, action="append", metavar="DIR")
    command.add_argument("--name", default="", help=argparse.SUPPRESS)


def run(args: argparse.Namespace, context: Context) -> int:
    if args.jobs > 1:
        return _many(args, context)
    from ...database import Database
    from ...problem_yaml import problem_roots
    from ...sandbox import open_sandbox
    from ...service.catalog import Catalog
    from ...service.grading import Grader
    from ...service.rq_queue import run_worker
    from ...service.store import Store
    from ..shared import database_at

    where = database_at(args.db, context)
    roots = tuple(context.path(p) for p in args.problems) if args.problems else None
    database = Database(where)
    try:
        store = Store(database)
        catalog = Catalog(roots or problem_roots(context.cwd))
        with open_sandbox(args.sandbox, sandbox_options(args)) as sandbox:
            name = args.name or f"grader-{os.uname().nodename}-{os.getpid()}"
            context.say(f"grader worker {name}: grading from {args.queue} on {sandbox.name}")
            grader = Grader(store, catalog, sandbox)
            try:
                run_worker(args.queue, grader, name)
            finally:
                grader.close()
    finally:
        database.close()
    return EXIT_OK


def _many(args: argparse.Namespace, context: Context) -> int:
    """N single workers as child processes; a signal to this one stops them all."""
    argv = [sys.executable, "-m", "grader", "worker", "--queue", args.queue, "--db", args.db,
            "--sandbox", args.sandbox, "--runtime", args.runtime]  # fmt: skip
    for folder in args.problems or ():
        argv += ["--problems", str(folder)]
    children = [
        subprocess.Popen(argv, cwd=context.cwd, env=dict(context.environ)) for _ in range(args.jobs)
    ]

    def stop(number: int, frame: object) -> None:
        for child in children:
            child.send_signal(signal.SIGTERM)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        statuses = [child.wait() for child in children]
    except KeyboardInterrupt:
        stop(signal.SIGINT, None)
        statuses = [child.wait() for child in children]
    finally:
        signal.signal(signal.SIGTERM, previous)
    return max(statuses, default=EXIT_OK)
