"""How a backend is opened: the one value every factory in SANDBOXES takes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .base import Runtime


class LanguageNeeds(Protocol):
    """What the languages a backend will run ask of it before any program comes. The
    languages' registry meets it (grader.languages.NEEDS); a backend never imports a
    language."""

    def runtimes(self) -> tuple[Runtime, ...]:
        """What a container image must carry."""
        ...

    def warm_sources(self) -> tuple[str, ...]:
        """Python runners a warm runner compiles once, for every run forked from it."""
        ...


@dataclass(frozen=True, slots=True)
class SandboxOptions:
    """Choices a caller makes when opening a backend; each backend ignores what is not its.

    `warm`: runs start from something already started (the process backend's warm runner,
    forked per run; the docker backend's next container, started while one runs). Off, each
    run starts from nothing: slower, the same verdicts.
    `oci_runtime`: docker only, the engine's runtime for run and build containers ("runsc"
    for gVisor, once the engine has it); "" is the engine's default (runc).
    `image`: docker only, a sandbox image tag to use instead of the one built for this
    machine's toolchains (`grader image build`).
    `languages`: what the languages need (an image's runtimes, the runner to keep warm);
    None: no warm runner is compiled ahead, and docker needs `image`."""

    warm: bool = True
    oci_runtime: str = ""
    image: str = ""
    languages: LanguageNeeds | None = None
