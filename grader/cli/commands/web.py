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

from ...addresses import is_loopback
from ...errors import EXIT_OK, UsageError
from ..arguments import add_sandbox, positive, sandbox_options
from ..context import Context

if TYPE_CHECKING:
    from ...service.store import Store

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
    command.add_argument(
        "--allowed-host", action="append", default=[], metavar="NAME",
        help="a host name clients reach the service by (repeat it; loopback names always)",
    )  # fmt: skip
    command.add_argument(
        "--behind-https", action="store_true",
        help="a proxy in front speaks https: cookies are Secure",
    )  # fmt: skip
    command.add_argument(
        "--trusted-proxy", action="append", default=[], metavar="ADDRESS",
        help="a proxy whose X-Forwarded-Proto and -For are believed (default: 127.0.0.1)",
    )  # fmt: skip
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
    create.add_argument(
        "--expires", type=duration, metavar="DURATION",
        help="valid for this long: 90m, 12h, 30d (default: until revoked)",
    )  # fmt: skip
    token_actions.add_parser("list", help="every token: its id, role, name and expiry")
    revoke = token_actions.add_parser("revoke", help="remove a token (by its id) or a name's")
    which = revoke.add_mutually_exclusive_group(required=True)
    which.add_argument("id", nargs="?", help="the token's id, as `token list` shows it")
    which.add_argument("--name", help="every token of this name")
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
    from ...service.store import Store
    from ...storage.database import Database
    from ..shared import database_at

    database_where = database_at(args.db, context)
    if args.action == "token":
        database = Database(database_where)
        try:
            return _tokens(args, context, Store(database))
        finally:
            database.close()
    if args.action == "lti":
        return _add_platform(args, context, database_where)
    return _serve(args, context, database_where)


def duration(text: str) -> float:
    """Seconds of `90m`, `12h`, `30d` or a plain number of seconds."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    number, unit = (text[:-1], text[-1]) if text[-1:] in units else (text, "s")
    try:
        seconds = float(number) * units[unit]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected 90m, 12h, 30d or seconds") from None
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a token must be valid for some time")
    return seconds


def _tokens(args: argparse.Namespace, context: Context, store: Store) -> int:
    import time

    from ...service.auth import create_token
    from ...text import printable

    if args.token_action == "create":
        try:
            token = create_token(store, args.role, args.name.strip(), args.expires)
        except ValueError as error:
            raise UsageError(f"--name: {error}") from None
        print(token, file=context.stdout)
        until = f", valid until {_when(time.time() + args.expires)}" if args.expires else ""
        context.say(f"grader web: a {args.role} token for {args.name}{until}, shown this once")
        return EXIT_OK
    if args.token_action == "list":
        now = time.time()
        print(f"{'id':<14}{'role':<12}{'created':<18}{'expires':<18}name", file=context.stdout)
        for held in store.tokens.listed():
            expiry = "never" if held.expires_at is None else _when(held.expires_at)
            if held.expires_at is not None and held.expires_at <= now:
                expiry += " (gone)"
            name = printable(held.name, one_line=True)
            print(
                f"{held.id:<14}{held.role:<12}{_when(held.created_at):<18}{expiry:<18}{name}",
                file=context.stdout,
            )
        return EXIT_OK
    removed = store.tokens.revoke(args.id or "", args.name or "")
    if not removed:
        raise UsageError(
            f"no token {args.id or 'of ' + repr(args.name)} (see `grader web token list`)"
        )
    context.say(f"grader web: {removed} token{'s' if removed > 1 else ''} revoked")
    return EXIT_OK


def _when(seconds: float) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def _add_platform(args: argparse.Namespace, context: Context, database_where: str) -> int:
    from ...integrations.lti.store import LtiStore, Platform
    from ...storage.database import Database

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


def _say_where(context: Context, address: str, jobe_runs: int, open_service: bool) -> None:
    context.say(f"grader web: http://{address}/ (Ctrl+C stops it)")
    context.say(
        f"grader web: a Jobe server for Moodle's CodeRunner at {address}, {jobe_runs} runs at "
        "once" + ("" if open_service else "; its Jobe API-key must be an instructor's token")
    )


def _serve(args: argparse.Namespace, context: Context, database_where: str) -> int:
    import uvicorn

    from ...problem_yaml import problem_roots
    from ...service import serving
    from ...service.app import create_app
    from ...service.options import ServiceOptions
    from ...service.service import Service

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
    options = ServiceOptions(
        database_where,
        roots,
        args.sandbox,
        args.workers,
        args.queue,
        sandbox_options=sandbox_options(args),
        allowed_hosts=allowed,
        behind_https=args.behind_https,
    )
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
        _say_where(context, f"{args.host}:{port}", service.jobe.capacity, open_service)
        trusted = {"forwarded_allow_ips": args.trusted_proxy} if args.trusted_proxy else {}
        config = serving.config(create_app(service), listener, **trusted)
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
