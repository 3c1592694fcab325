"""`grader web`: the grading service (HTTP API and page) on this machine; `grader web token
create`: a token for a student or an instructor; `grader web lti add`: a platform that
launches it with LTI 1.3."""

from __future__ import annotations

import argparse
import dataclasses
import signal
import socket
from pathlib import Path

from ...addresses import is_loopback
from ...errors import EXIT_OK, UsageError
from ..arguments import add_sandbox, positive, sandbox_options
from ..context import Context

HELP = "serve the grading API and the exercise page (embedded queue and SQLite by default)"
DEFAULT_DB = Path("grader.db")


def add_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("--host", default="127.0.0.1")
    command.add_argument("--port", type=int, default=8000)
    command.add_argument(
        "--db", default=str(DEFAULT_DB), metavar="FILE_OR_URL",
        help="a SQLite file (default: grader.db here) or a postgresql:// URL",
    )  # fmt: skip
    command.add_argument(
        "--queue", default="", metavar="URL",
        help="redis://HOST:PORT or unix:///path/redis.sock: only enqueue; `grader worker` grades",
    )  # fmt: skip
    command.add_argument("--workers", type=positive, default=2, metavar="N",
                         help="grading threads in this process (without --queue)")  # fmt: skip
    add_sandbox(command)
    command.add_argument(
        "--problems", type=Path, action="append", metavar="DIR",
        help="a folder of problems (default: problems/ here, then the bundled ones)",
    )  # fmt: skip
    actions = command.add_subparsers(dest="action", metavar="ACTION")
    token = actions.add_parser("token", help="manage the service's tokens")
    token_actions = token.add_subparsers(dest="token_action", required=True, metavar="ACTION")
    create = token_actions.add_parser("create", help="a new token, printed once")
    create.add_argument("--role", choices=("student", "instructor"), required=True)
    create.add_argument("--name", required=True, help="the student's id, or the instructor's")
    lti = actions.add_parser("lti", help="register an LTI 1.3 platform (Canvas, Moodle, ...)")
    lti_actions = lti.add_subparsers(dest="lti_action", required=True, metavar="ACTION")
    add = lti_actions.add_parser("add", help="register a platform's client (again: update it)")
    add.add_argument(
        "--issuer", required=True, help="the platform's iss, https://canvas.example.edu"
    )
    add.add_argument("--client-id", required=True, help="the tool's client id on the platform")
    add.add_argument("--auth-url", required=True, help="the platform's OIDC authorization URL")
    add.add_argument("--token-url", required=True, help="the platform's OAuth 2 token URL")
    add.add_argument("--jwks-url", required=True, help="the platform's public key set URL")
    add.add_argument("--deployment", action="append", default=[], metavar="ID",
                     help="a deployment id to accept (repeat it; default: any)")  # fmt: skip
    add.add_argument("--tool-url", default="http://127.0.0.1:8000", metavar="URL",
                     help="where this service is reached, for the URLs printed")  # fmt: skip


def run(args: argparse.Namespace, context: Context) -> int:
    from ...database import Database
    from ...service.auth import create_token
    from ...service.store import Store
    from ..shared import database_at

    database_where = database_at(args.db, context)
    if args.action == "token":
        database = Database(database_where)
        try:
            token = create_token(Store(database), args.role, args.name.strip())
        finally:
            database.close()
        print(token, file=context.stdout)
        context.say(f"grader web: a {args.role} token for {args.name}, shown this once")
        return EXIT_OK
    if args.action == "lti":
        return _add_platform(args, context, database_where)
    return _serve(args, context, database_where)


def _add_platform(args: argparse.Namespace, context: Context, database_where: str) -> int:
    from ...database import Database
    from ...lti.store import LtiStore, Platform

    for name in ("issuer", "auth_url", "token_url", "jwks_url"):
        value = getattr(args, name)
        if not value.startswith("https://") and not _loopback_url(value):
            raise UsageError(f"--{name.replace('_', '-')} must be an https:// URL, not {value}")
    database = Database(database_where)
    try:
        store = LtiStore(database)
        store.add_platform(
            Platform(
                args.issuer, args.client_id, args.auth_url, args.token_url, args.jwks_url,
                tuple(args.deployment),
            )
        )  # fmt: skip
        store.signing_key()
    finally:
        database.close()
    tool = args.tool_url.rstrip("/")
    print(
        f"grader web: platform {args.issuer} (client {args.client_id}) registered. In the "
        f"platform, give the tool:\n  OIDC login URL       {tool}/lti/login\n"
        f"  redirect/launch URL  {tool}/lti/launch\n  public JWKS URL      {tool}/lti/jwks\n"
        f"  deep linking URL     {tool}/lti/launch",
        file=context.stdout,
    )
    return EXIT_OK


def _loopback_url(url: str) -> bool:
    from urllib.parse import urlsplit

    return url.startswith("http://") and is_loopback(urlsplit(url).hostname or "")


def _serve(args: argparse.Namespace, context: Context, database_where: str) -> int:
    import uvicorn

    from ...problem_yaml import problem_roots
    from ...service.app import create_app
    from ...service.options import ServiceOptions
    from ...service.service import Service

    roots = (
        tuple(context.path(p) for p in args.problems)
        if args.problems
        else problem_roots(context.cwd)
    )
    options = ServiceOptions(
        database_where,
        roots,
        args.sandbox,
        args.workers,
        args.queue,
        sandbox_options=sandbox_options(args),
    )
    service = Service(options)
    try:
        open_service = not service.store.has_tokens()
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
        context.say(f"grader web: http://{args.host}:{port}/ (Ctrl+C stops it)")
        config = uvicorn.Config(create_app(service), fd=listener.fileno(), log_level="warning")
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
