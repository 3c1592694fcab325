"""The commands: one module each, declaring its `HELP`, its arguments (`add_arguments`) and
what it does (`run(args, context) -> exit status`). What a command needs beyond argparse it
imports when it runs: `grader --version` and the parser cost almost nothing, and `grade`
loads one language, one checker, one backend, one format."""

from __future__ import annotations

import argparse
from typing import Final, Protocol

from ..context import Context
from . import (
    add_test,
    answers,
    doctor,
    export,
    grade,
    gradescope,
    image,
    push,
    report,
    serve,
    similar,
    statement,
    template,
    verify,
    web,
    worker,
)


class Command(Protocol):
    """What a command module provides (a module meets it, as mypy checks)."""

    @property
    def HELP(self) -> str: ...  # noqa: N802 - a module's constant

    def add_arguments(self, command: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace, context: Context) -> int: ...


# In the order `grader --help` lists them.
COMMANDS: Final[dict[str, Command]] = {
    "grade": grade,
    "answers": answers,
    "add-test": add_test,
    "export": export,
    "verify": verify,
    "similar": similar,
    "report": report,
    "template": template,
    "statement": statement,
    "doctor": doctor,
    "push": push,
    "gradescope": gradescope,
    "serve": serve,
    "web": web,
    "worker": worker,
    "image": image,
}
