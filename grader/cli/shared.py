"""What several commands do alike: open the problem and the backend a command line names."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .arguments import sandbox_options
from .context import Context

if TYPE_CHECKING:
    from ..problem import Problem
    from ..sandbox import Sandbox


def open_problem(name: str, context: Context) -> Problem:
    """The problem a command line names (a folder, or a name under problems/), its messages
    showing paths as the caller sees them."""
    # Here, not above: the problems' kinds bring the judge (18 ms), which `verify` imports
    # while its sandbox's warm runner starts, not before.
    from ..kinds import load_problem
    from ..kinds.places import find_problem, problem_roots

    found = find_problem(name, problem_roots(context.cwd), context.cwd)
    return load_problem(found, context.cwd)


def database_at(given: str, context: Context) -> str:
    """`--db` as the caller meant it: a URL as it is, a file relative to their directory."""
    return given if "://" in given else str(context.path(given))


@contextlib.contextmanager
def sandbox_for(args: argparse.Namespace, context: Context) -> Iterator[Sandbox]:
    """The backend `--sandbox` (and `--runtime`) name: the context's kept one, else opened
    and closed here. SandboxUnavailable (exit 2) when it cannot run."""
    options = sandbox_options(args)
    if context.sandboxes is not None:
        yield context.sandboxes.open(args.sandbox, options)
        return
    # The backend's own opening, not the judge's (which adds the languages, given here
    # already): the judge's imports would come before the warm runner's start.
    from ..sandbox import open_sandbox

    sandbox = open_sandbox(args.sandbox, options)
    try:
        yield sandbox
    finally:
        sandbox.close()
