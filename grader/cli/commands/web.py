"""`grader web`: the grading service (HTTP API and page) on this machine; `grader web token
create`: a token for a student or an instructor; `grader web lti add`: a platform that
launches it with LTI 1.3."""

from __future__ import annotations

import argparse
import dataclasses
import signal
import socket
from pathlib import Path
from typing import TYPE_CHECKING

from ...errors import EXIT_OK, UsageError
from ...integrations.addresses import is_loopback
from ..arguments import add_sandbox, positive, sandbox_options
from ..context import Context
from ..web_admin import add_lti_actions, add_platform, add_token_actions, tokens

if TYPE_CHECKING:
    from ...integrations.jobe.runs import JobeRuns
    from ...service.options import ServiceOptions

HELP = "serve the grading API and the exercise page (embedded queue and SQLite by default)"
DEFAULT_DB = Path("grader.db")


def add_arguments(command: argparse.ArgumentParser) -> None:
    _where_it_serves(command)
    _whom_it_believes(command)
    command.add_argument(
        "--jobe-python-packages",
        action="append",
        metavar="DIR",
        help="a site directory of host Python packages Jobe's python3 runs see (repeat it; "
        "default: the system's, such as Debian's python3-numpy; `none`: none)",
    )
    add_sandbox(command)
    command.add_argument(
        "--problems",
        type=Path,
        action="append",
        metavar="DIR",
        help="a folder of problems (default: problems/ here, then the bundled ones)",
    )
    actions = command.add_subparsers(dest="action", metavar="ACTION")
    add_token_actions(actions.add_parser("token", help="manage the service's tokens"))
    add_lti_actions(
        actions.add_parser("lti", help="register an LTI 1.3 platform (Canvas, Moodle, ...)")
    )


def _where_it_serves(command: argparse.ArgumentParser) -> None:
    """Its address, its database, its queue and its grading threads."""
    command.add_argument("--host", default="127.0.0.1")
    command.add_argument("--port", type=int, default=8000)
    command.add_argument(
        "--db",
        default=str(DEFAULT_DB),
        metavar="FILE_OR_URL",
        help="a SQLite file (default: grader.db here) or a postgresql:// URL",
    )
    command.add_argument(
        "--queue",
        default="",
        metavar="URL",
        help="redis://HOST:PORT or unix:///path/redis.sock: only enqueue; `grader worker` grades",
    )
    command.add_argument(
        "--workers",
        type=positive,
        default=2,
        metavar="N",
        help="grading threads in this process (without --queue)",
    )


def _whom_it_believes(command: argparse.ArgumentParser) -> None:
    """The host names it answers to, and the proxies in front of it."""
    command.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name clients reach the service by (repeat it; loopback names always)",
    )
    command.add_argument(
        "--behind-https",
        action="store_true",
        help="a proxy in front speaks https: cookies are Secure",
    )
    command.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a proxy whose X-Forwarded-Proto and -For are believed (default: 127.0.0.1)",
    )


def run(args: argparse.Namespace, context: Context) -> int:
    from ...service.store import Store
    from ...storage.database import Database
    from ..shared import database_at

    database_where = database_at(args.db, context)
    if args.action == "token":
        database = Database(database_where)
        try:
            return tokens(args, context, Store(database))
        finally:
            database.close()
    if args.action == "lti":
        return add_platform(args, context, database_where)
    return _serve(args, context, database_where)


def _say_where(context: Context, address: str, jobe: JobeRuns, open_service: bool) -> None:
    context.say(f"grader web: http://{address}/ (Ctrl+C stops it)")
    context.say(
        f"grader web: a Jobe server for Moodle's CodeRunner at {address}, {jobe.capacity} runs "
        "at once" + ("" if open_service else "; its Jobe API-key must be an instructor's token")
    )
    shown = ", ".join(jobe.host.python_packages) or "none (--jobe-python-packages)"
    context.say(f"grader web: Jobe's python3 runs see the host's Python packages in: {shown}")


def _serve(args: argparse.Namespace, context: Context, database_where: str) -> int:
    import uvicorn

    from ...service import http_server
    from ...service.app import create_app
    from ...service.service import Service

    options = _service_options(args, context, database_where)
    service = Service(options)
    try:
        open_service = not service.store.tokens.any_valid()
        if open_service and not is_loopback(args.host):
            raise UsageError(
                f"--host {args.host} reaches other machines: create tokens first "
                "(grader web token create --role instructor --name NAME)"
            )
        service.options = dataclasses.replace(options, open=open_service)
        if open_service:
            context.say(
                "grader web: open, without tokens: anyone who can reach 127.0.0.1 here grades "
                "as you. After `grader web token create`, its next start asks for tokens."
            )
        listener = _listening(args.host, args.port)
        port = listener.getsockname()[1]
        _say_where(context, f"{args.host}:{port}", service.jobe, open_service)
        trusted = {"forwarded_allow_ips": args.trusted_proxy} if args.trusted_proxy else {}
        config = http_server.config(create_app(service), listener, **trusted)
        # uvicorn stops gracefully on SIGTERM, then raises it again with the handler it
        # found: a quiet one, so that a service asked to stop exits 0.
        previous = signal.signal(signal.SIGTERM, lambda number, frame: None)
        try:
            uvicorn.Server(config).run()
        finally:
            signal.signal(signal.SIGTERM, previous)
            listener.close()
    finally:
        service.close()
    return EXIT_OK


def _service_options(
    args: argparse.Namespace, context: Context, database_where: str
) -> ServiceOptions:
    from ...kinds.places import problem_roots
    from ...plain.python import chosen_python_packages
    from ...service.options import ServiceOptions

    roots = (
        tuple(context.path(p) for p in args.problems)
        if args.problems
        else problem_roots(context.cwd)
    )
    if _wildcard(args.host) and not args.allowed_host:
        raise UsageError(
            f"--host {args.host} listens on every address, but answers only to loopback names: "
            "name the host clients use with --allowed-host (grader.example.edu)"
        )
    allowed = tuple(args.allowed_host) + (() if _wildcard(args.host) else (args.host,))
    return ServiceOptions(
        database_where,
        roots,
        args.sandbox,
        args.workers,
        args.queue,
        sandbox_options=sandbox_options(args),
        allowed_hosts=allowed,
        behind_https=args.behind_https,
        jobe_python_packages=chosen_python_packages(args.jobe_python_packages),
    )


def _wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")


def _listening(host: str, port: int) -> socket.socket:
    """The service's socket, bound here so that `--port 0` can say which port it got."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        raise UsageError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    listener.listen(128)
    return listener
