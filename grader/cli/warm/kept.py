"""Backends opened once and kept open from one command to the next: the warm grader's.

Kept per backend name and per the environment a backend reads when it opens (the toolchains
on PATH, the engine at DOCKER_HOST), so that a warm answer is the one a cold command in the
same environment would give."""

from __future__ import annotations

import os

from ...judge import open_sandbox
from ...sandbox.base import Sandbox
from ...sandbox.options import SandboxOptions

# What a backend (or a language's toolchain look-up inside it) reads from the environment.
ENVIRONMENT_READ = ("PATH", "DOCKER_HOST", "DOCKER_CERT_PATH", "DOCKER_TLS_VERIFY")


class KeptSandboxes:
    def __init__(self) -> None:
        self._opened: dict[tuple[str, SandboxOptions, tuple[str, ...]], Sandbox] = {}

    def open(self, choice: str, options: SandboxOptions | None = None) -> Sandbox:
        chosen = options or SandboxOptions()
        key = (choice, chosen, tuple(os.environ.get(name, "") for name in ENVIRONMENT_READ))
        if key not in self._opened:
            self._opened[key] = open_sandbox(choice, chosen)
        return self._opened[key]

    def close(self) -> None:
        for sandbox in self._opened.values():
            sandbox.close()
        self._opened.clear()
