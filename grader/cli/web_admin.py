"""`grader web token ...` and `grader web lti add`: the service's tokens and the LTI
platforms it trusts, kept in its database."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ..errors import EXIT_OK, UsageError
from ..integrations.addresses import is_loopback
from .context import Context

if TYPE_CHECKING:
    from ..service.store import Store


def add_token_actions(token: argparse.ArgumentParser) -> None:
    token_actions = token.add_subparsers(dest="token_action", required=True, metavar="ACTION")
    create = token_actions.add_parser("create", help="a new token, printed once")
    create.add_argument("--role", choices=("student", "instructor"), required=True)
    create.add_argument("--name", required=True, help="the student's id, or the instructor's")
    create.add_argument(
        "--expires",
        type=duration,
        metavar="DURATION",
        help="valid for this long: 90m, 12h, 30d (default: until revoked)",
    )
    token_actions.add_parser("list", help="every token: its id, role, name and expiry")
    revoke = token_actions.add_parser("revoke", help="remove a token (by its id) or a name's")
    which = revoke.add_mutually_exclusive_group(required=True)
    which.add_argument("id", nargs="?", help="the token's id, as `token list` shows it")
    which.add_argument("--name", help="every token of this name")


def add_lti_actions(lti: argparse.ArgumentParser) -> None:
    lti_actions = lti.add_subparsers(dest="lti_action", required=True, metavar="ACTION")
    add = lti_actions.add_parser("add", help="register a platform's client (again: update it)")
    add.add_argument(
        "--issuer", required=True, help="the platform's iss, https://canvas.example.edu"
    )
    add.add_argument("--client-id", required=True, help="the tool's client id on the platform")
    add.add_argument("--auth-url", required=True, help="the platform's OIDC authorization URL")
    add.add_argument("--token-url", required=True, help="the platform's OAuth 2 token URL")
    add.add_argument("--jwks-url", required=True, help="the platform's public key set URL")
    add.add_argument(
        "--deployment",
        action="append",
        default=[],
        metavar="ID",
        help="a deployment id to accept (repeat it; default: any)",
    )
    add.add_argument(
        "--tool-url",
        default="http://127.0.0.1:8000",
        metavar="URL",
        help="where this service is reached, for the URLs printed",
    )


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


def tokens(args: argparse.Namespace, context: Context, store: Store) -> int:
    import time

    from ..service.auth import create_token
    from ..text import printable

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


def add_platform(args: argparse.Namespace, context: Context, database_where: str) -> int:
    from ..integrations.lti.store import LtiStore, Platform
    from ..storage.database import Database

    for name in ("issuer", "auth_url", "token_url", "jwks_url"):
        value = getattr(args, name)
        if not value.startswith("https://") and not _loopback_url(value):
            raise UsageError(f"--{name.replace('_', '-')} must be an https:// URL, not {value}")
    database = Database(database_where)
    try:
        store = LtiStore(database)
        store.add_platform(
            Platform(
                args.issuer,
                args.client_id,
                args.auth_url,
                args.token_url,
                args.jwks_url,
                tuple(args.deployment),
            )
        )
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
