"""Arguments several commands declare alike."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from ..errors import UsageError
from ..sandbox import SANDBOXES, SandboxOptions
from ..sandbox.base import Runtime

SANDBOX_CHOICES = ("auto", *SANDBOXES)


def add_problem(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--problem",
        default="nqueens",
        metavar="DIR_OR_NAME",
        help="a problem folder, or a name under problems/ (default: nqueens)",
    )


def add_similarity(command: argparse.ArgumentParser) -> None:
    """How alike two submissions must be to be listed, and code that is no evidence."""
    from ..insight.similarity import THRESHOLD  # the insight's, imported when asked

    command.add_argument(
        "--threshold",
        type=float,
        default=THRESHOLD,
        metavar="T",
        help=f"the least similarity score a pair is listed at, 0 to 1 (default {THRESHOLD})",
    )
    command.add_argument(
        "--common",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="code everyone may share (the lesson's own): never evidence",
    )


def add_problem_name(command: argparse.ArgumentParser, default: str | None = "nqueens") -> None:
    """The problem as the first argument (`grader verify nqueens`)."""
    if default is None:
        command.add_argument("problem_name", metavar="PROBLEM")
    else:
        command.add_argument("problem_name", nargs="?", default=default, metavar="PROBLEM")


def add_sandbox(command: argparse.ArgumentParser, help_text: str | None = None) -> None:
    command.add_argument("--sandbox", choices=SANDBOX_CHOICES, default="auto", help=help_text)
    command.add_argument(
        "--runtime",
        default="",
        metavar="NAME",
        help="with --sandbox docker: the engine's container runtime (runsc: gVisor)",
    )


def sandbox_options(args: argparse.Namespace) -> SandboxOptions:
    """What `--runtime` asks of the backend `--sandbox` names."""
    if args.runtime and args.sandbox != "docker":
        raise UsageError(f"--runtime {args.runtime} needs --sandbox docker")
    return SandboxOptions(oci_runtime=args.runtime, languages=REGISTERED)


class RegisteredWhenAsked:
    """The registered languages' needs (grader.languages.NEEDS), their registry imported
    when the backend first asks: by then its warm runner is starting, and that import (17 ms
    of every command) is made while the runner's interpreter starts."""

    def runtimes(self) -> tuple[Runtime, ...]:
        from ..languages import NEEDS

        return NEEDS.runtimes()

    def warm_sources(self) -> tuple[str, ...]:
        from ..languages import NEEDS

        return NEEDS.warm_sources()


# One for every command line: a warm grader keeps a sandbox per set of options.
REGISTERED: Final = RegisteredWhenAsked()


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
