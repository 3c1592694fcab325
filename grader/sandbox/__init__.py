"""Sandbox backends by the name `--sandbox` takes. Add one: a module, one line here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .base import Program, RunOutcome, Sandbox, Session, Termination
from .container import DockerSandbox
from .process import ProcessSandbox

# Strongest first: `--sandbox auto` takes the first that is available.
SANDBOXES: Final[dict[str, Callable[[], Sandbox]]] = {
    "docker": DockerSandbox,
    "process": ProcessSandbox,
}

__all__ = ["SANDBOXES", "Program", "RunOutcome", "Sandbox", "Session", "Termination"]
