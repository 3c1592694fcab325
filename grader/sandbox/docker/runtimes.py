"""The engine's container runtimes the docker backend can be opened on besides its default:
gVisor's (`runsc`), what the engine must pass it, and what it changes in a container."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Final

from ...limits import PIDS_MAX

if TYPE_CHECKING:
    from docker import DockerClient

GVISOR: Final = "runsc"
# Under gVisor the host's pids limit counts gVisor's kernel too (its threads, a host process
# per address space), and gVisor panics when it is reached: the program's own limit is then
# RLIMIT_NPROC, which gVisor's kernel enforces, and the host's a backstop well above it.
GVISOR_HOST_TASKS: Final = 10 * PIDS_MAX
# gVisor's kernel lives in the container's memory group too: the limit grows by its share
# (measured here: about 25 MiB at rest, and a copied page table per forked process).
GVISOR_KERNEL_MIB: Final = 64
# What the engine must pass runsc: no network stack of gVisor's own (the containers have none,
# and runsc refuses to start one in the engine's namespace); a run may connect to the one host
# socket bound in, its channel; the containers' seccomp profile applied inside gVisor too.
GVISOR_ARGS: Final = ("--network=none", "--host-uds=open", "--oci-seccomp")


def runtime_missing(client: DockerClient, runtime: str) -> str:
    """Why the engine cannot run containers on `runtime` as the backend needs ("" if it can)."""
    from docker.errors import DockerException

    try:
        registered = client.info().get("Runtimes") or {}
    except DockerException as error:
        said = str(error).strip().splitlines() or [type(error).__name__]
        return f"cannot ask the engine for its runtimes: {said[0]}"
    needed = GVISOR_ARGS if runtime == GVISOR else ()
    settings = {"path": "/usr/bin/runsc", "runtimeArgs": list(needed)}
    how = (
        f'register it in the engine\'s daemon.json as "runtimes": {{"{runtime}": '
        f"{json.dumps(settings)}}} and restart the engine (scripts/start-docker does this for "
        "an engine it starts)"
    )
    if runtime not in registered:
        install = " (Debian: apt-get install runsc)" if runtime == GVISOR else ""
        return f"the Docker engine has no {runtime!r} runtime{install}: {how}"
    given = registered[runtime].get("runtimeArgs") or []
    lacking = [arg for arg in needed if arg not in given]
    if lacking:
        return f"the engine's {runtime!r} runtime lacks {' '.join(lacking)}: {how}"
    return ""
