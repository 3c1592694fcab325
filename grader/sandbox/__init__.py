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

    return ProcessSandbox(warm=options.warm, languages=options.languages)


# Strongest first: where no backend is fully isolated, `--sandbox auto` takes the first that
# is available.
SANDBOXES: Final[dict[str, Callable[[SandboxOptions], Sandbox]]] = {
    "docker": _docker,
    "process": _process,
}
# Fastest first: `--sandbox auto` takes the first of these that is fully isolated here (its
# warning() empty). The process backend, with namespaces, seccomp, its own cgroups and a uid
# of its own per run, grades a Python submission in a third of Docker's time.
FASTEST_FIRST: Final = ("process", "docker")
AUTO_FASTEST: Final = "auto: the fastest backend that is fully isolated here"
AUTO_STRONGEST: Final = "auto: no backend is fully isolated here; the strongest that works"


def auto_reason(sandbox: Sandbox) -> str:
    """Why `--sandbox auto` chose `sandbox` (for the report's header and doctor)."""
    return AUTO_STRONGEST if sandbox.warning() else AUTO_FASTEST


def open_sandbox(choice: str = "auto", options: SandboxOptions | None = None) -> Sandbox:
    """The backend named `choice`, or for "auto" the fastest one that is fully isolated here,
    else the strongest that works. Raises
    SandboxUnavailable (why, and the fix) when the named one cannot run. Close it after use
    (it is a context manager too)."""
    chosen = options or SandboxOptions()
    if choice != "auto":
        if choice not in SANDBOXES:
            raise SandboxUnavailable(
                f"no sandbox backend named {choice!r} (known: {', '.join(SANDBOXES)})"
            )
        return SANDBOXES[choice](chosen)
    reasons: dict[str, str] = {}
    opened: dict[str, Sandbox] = {}
    try:
        for name in (*FASTEST_FIRST, *(n for n in SANDBOXES if n not in FASTEST_FIRST)):
            try:
                opened[name] = SANDBOXES[name](chosen)
            except SandboxUnavailable as error:
                reasons[name] = str(error)
                continue
            if not opened[name].warning():
                return opened.pop(name)
        for name in SANDBOXES:  # none fully isolated: the strongest that runs
            if name in opened:
                return opened.pop(name)
    finally:
        for left in opened.values():
            left.close()
    said = "; ".join(f"{name}: {why}" for name, why in reasons.items())
    raise SandboxUnavailable("no sandbox backend works here: " + said)


__all__ = [
    "FASTEST_FIRST",
    "SANDBOXES",
    "Program",
    "RunOutcome",
    "Sandbox",
    "SandboxOptions",
    "Session",
    "Termination",
    "open_sandbox",
]
