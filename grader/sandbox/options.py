"""How a backend is opened: the one value every factory in SANDBOXES takes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SandboxOptions:
    """Choices a caller makes when opening a backend; each backend ignores what is not its.

    `warm`: runs start from something already started (the process backend's warm runner,
    forked per run; the docker backend's next container, started while one runs). Off, each
    run starts from nothing: slower, the same verdicts.
    `oci_runtime`: docker only, the engine's runtime for run and build containers ("runsc"
    for gVisor, once the engine has it); "" is the engine's default (runc).
    `image`: docker only, a sandbox image tag to use instead of the one built for this
    machine's toolchains (`grader image build`)."""

    warm: bool = True
    oci_runtime: str = ""
    image: str = ""
