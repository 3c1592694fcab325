"""`grader worker`: grade what `grader web --queue URL` enqueues, on this machine."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from pathlib import Path

from ...errors import EXIT_OK, UsageError
from ..arguments import add_sandbox, positive, sandbox_options
from ..context import Context

QUEUE_VARIABLE = "GRADER_QUEUE"
HELP = "grade the submissions a `grader web --queue URL` service enqueues"


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--queue",
        metavar="URL",
        help=f"redis://[USER:PASSWORD@]HOST:PORT, rediss://... (TLS) or unix:///path/redis.sock; "
        f"default: ${QUEUE_VARIABLE} (which keeps a password off the command line)",
    )
    command.add_argument(
        "--db",
        default="grader.db",
        metavar="FILE_OR_URL",
        help="the service's database (the same as `grader web --db`)",
    )
    command.add_argument(
        "--jobs",
        type=positive,
        default=1,
        metavar="N",
        help="worker processes, each with its own warm sandbox",
    )
    add_sandbox(command)
    command.add_argument("--problems", type=Path, action="append", metavar="DIR")
    command.add_argument("--name", default="", help=argparse.SUPPRESS)


def run(args: argparse.Namespace, context: Context) -> int:
    if args.jobs > 1:
        return _many(args, context)
    from ...judge import open_sandbox
    from ...kinds.catalog import Catalog
    from ...kinds.places import problem_roots
    from ...service.grading import Grader
    from ...service.rq_queue import check_service, run_worker
    from ...service.store import Store
    from ...storage.database import Database, without_password
    from ..shared import database_at

    where = database_at(args.db, context)
    roots = tuple(context.path(p) for p in args.problems) if args.problems else None
    queue = queue_url(args, context)
    database = Database(where)
    try:
        store = Store(database)
        service = store.service_id()
        check_service(queue, service)  # another service's queue: refused before any job
        catalog = Catalog(roots or problem_roots(context.cwd))
        with open_sandbox(args.sandbox, sandbox_options(args)) as sandbox:
            name = args.name or f"grader-{os.uname().nodename}-{os.getpid()}"
            context.say(
                f"grader worker {name}: grading from {without_password(queue)} for service "
                f"{service} on {sandbox.name}"
            )
            grader = Grader(store, catalog, sandbox)
            try:
                run_worker(queue, grader, name, service)
            finally:
                grader.close()
    finally:
        database.close()
    return EXIT_OK


def queue_url(args: argparse.Namespace, context: Context) -> str:
    """`--queue`, else the environment's GRADER_QUEUE; UsageError without either."""
    url = args.queue or context.environ.get(QUEUE_VARIABLE, "")
    if not url:
        raise UsageError(f"the queue: --queue URL, or {QUEUE_VARIABLE} in the environment")
    return str(url)


def _many(args: argparse.Namespace, context: Context) -> int:
    """N single workers as child processes; a signal to this one stops them all."""
    argv = [
        sys.executable,
        "-m",
        "grader",
        "worker",
        "--db",
        args.db,
        "--sandbox",
        args.sandbox,
        "--runtime",
        args.runtime,
    ]
    for folder in args.problems or ():
        argv += ["--problems", str(folder)]
    # The URL (and any password in it) through the environment, never a command line.
    environment = dict(context.environ) | {QUEUE_VARIABLE: queue_url(args, context)}
    children = [subprocess.Popen(argv, cwd=context.cwd, env=environment) for _ in range(args.jobs)]

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
