"""Sandbox backends by the name `--sandbox` takes. Add one: a module, one line here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .base import Program, RunOutcome, Sandbox, Session, Termination
from .process import ProcessSandbox

SANDBOXES: Final[dict[str, Callable[[], Sandbox]]] = {
    "process": ProcessSandbox,
}

__all__ = ["SANDBOXES", "Program", "RunOutcome", "Sandbox", "Session", "Termination"]
