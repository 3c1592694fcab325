"""The command line's parser, made of what each command declares (commands/)."""

from __future__ import annotations

import argparse
import sys
from functools import cache
from typing import NoReturn

from ..__version__ import __version__
from .commands import COMMANDS


class Said(Exception):
    """What argparse would have printed, and the exit status it would have exited with:
    raised instead, so that it reaches the command line's own streams (a context's), never
    this process's."""

    def __init__(self, status: int, text: str, to_stderr: bool) -> None:
        super().__init__(text)
        self.status = status
        self.text = text
        self.to_stderr = to_stderr


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that prints nothing and exits nothing itself (see Said). Its
    sub-parsers are of the same class."""

    def _print_message(self, message: str, file: object = None) -> None:
        raise Said(0, message or "", file is sys.stderr)

    def print_help(self, file: object = None) -> None:
        raise Said(0, self.format_help(), False)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise Said(status, message or "", True)

    def error(self, message: str) -> NoReturn:
        raise Said(2, f"{self.format_usage()}{self.prog}: error: {message}\n", True)


@cache  # a warm grader parses many command lines; argparse's set-up costs several ms
def parser(only: str | None = None) -> Parser:
    """The command line's parser; `only`: with that command's arguments alone, for a command
    line that names it (the others' cost what they import at each start: the insight's
    threshold, a language's names)."""
    made = Parser(
        prog="grader", description="Grade programming exercises against a problem's tests."
    )
    made.add_argument("--version", action="version", version=f"grader {__version__}")
    subcommands = made.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, command in COMMANDS.items():
        if only in (None, name):
            command.add_arguments(subcommands.add_parser(name, help=command.HELP))
    return made
