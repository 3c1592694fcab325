"""Sandbox backends by the name `--sandbox` takes. Add one: a module, one line here.

Backends are imported only when chosen: the Docker SDK alone costs more start-up than
grading a submission in the process backend."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..errors import SandboxUnavailable
from .base import Program, RunOutcome, Sandbox, Session, Termination
from .options import SandboxOptions


def _docker(options: SandboxOptions) -> Sandbox:
    from .docker.sandbox import DockerSandbox

    return DockerSandbox(options=options)


def _process(options: SandboxOptions) -> Sandbox:
    from .process.sandbox import ProcessSandbox

    return ProcessSandbox(warm=options.warm)


# Strongest first: `--sandbox auto` takes the first that is available.
SANDBOXES: Final[dict[str, Callable[[SandboxOptions], Sandbox]]] = {
    "docker": _docker,
    "process": _process,
}


def open_sandbox(choice: str = "auto", options: SandboxOptions | None = None) -> Sandbox:
    """The backend named `choice`, or for "auto" the strongest one that works here. Raises
    SandboxUnavailable (why, and the fix) when the named one cannot run. Close it after use
    (it is a context manager too)."""
    chosen = options or SandboxOptions()
    if choice != "auto":
        if choice not in SANDBOXES:
            raise SandboxUnavailable(
                f"no sandbox backend named {choice!r} (known: {', '.join(SANDBOXES)})"
            )
        return SANDBOXES[choice](chosen)
    reasons = []
    for name, factory in SANDBOXES.items():
        try:
            return factory(chosen)
        except SandboxUnavailable as error:
            reasons.append(f"{name}: {error}")
    raise SandboxUnavailable("no sandbox backend works here: " + "; ".join(reasons))


__all__ = [
    "SANDBOXES",
    "Program",
    "RunOutcome",
    "Sandbox",
    "SandboxOptions",
    "Session",
    "Termination",
    "open_sandbox",
]
