"""Sandbox backends by the name `--sandbox` takes. Add one: a module, one line here.

Backends are imported only when chosen: the Docker SDK alone costs more start-up than
grading a submission in the process backend."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .base import Program, RunOutcome, Sandbox, Session, Termination


def _docker() -> Sandbox:
    from .container import DockerSandbox

    return DockerSandbox()


def _process() -> Sandbox:
    from .process import ProcessSandbox

    return ProcessSandbox()


# Strongest first: `--sandbox auto` takes the first that is available.
SANDBOXES: Final[dict[str, Callable[[], Sandbox]]] = {
    "docker": _docker,
    "process": _process,
}

__all__ = ["SANDBOXES", "Program", "RunOutcome", "Sandbox", "Session", "Termination"]
