"""Containers made through the Docker SDK, the one way every run and build of the `docker`
backend is made: a build's, with its sources bound in; a run's, started before its
submission arrives and handed its program then (`_launcher.py` waits in it). child.py
watches one once started; pool.py keeps one started ahead."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ...limits import PIDS_MAX
from ..base import Program
from ..files import (
    BUILD_WORKDIR_BYTES,
    CHANNEL_NAME,
    MASKED_PROC_FILES,
    SYSTEM_FILES,
    WORKDIR,
    WORKDIR_BYTES,
)
from ..preparation import child_environment
from ..seccomp import docker_profile
from .runtimes import GVISOR, GVISOR_HOST_TASKS, GVISOR_KERNEL_MIB

if TYPE_CHECKING:
    from docker import DockerClient
    from docker.models.containers import Container
    from docker.types import Mount

LAUNCHER: Final = Path(__file__).with_name("_launcher.py")
CHANNEL_DIR: Final = "/run/grader"
# A warm runner's container (warm.py) gets what making each run's namespaces needs and nothing
# else: root with the four capabilities the zygote keeps (process/_zygote.py's
# KEPT_CAPABILITIES: it drops the rest at once, and every run drops these), the engine's
# default seccomp profile (which allows unshare, setns and mount to CAP_SYS_ADMIN alone), and
# a /proc without the engine's masks (the kernel refuses a run's own /proc over a partly
# covered one; each run masks the same files in it itself).
WARM_RUNNER_CAPABILITIES: Final = ("SETGID", "SETUID", "SETPCAP", "SYS_ADMIN")
RUN_LABEL: Final = "org.grader.run"  # its value: the pid of the grader that made it


@dataclass(frozen=True, slots=True)
class Recipe:
    """Everything a run's container is made with before its program is known."""

    tag: str
    python: str  # the image's interpreter: the launcher's
    language: str
    memory_mib: int
    ulimits: tuple[tuple[str, int], ...]
    oci_runtime: str = ""  # the engine's runtime for the container; "" for its default
    # The host toolchains a program of this language needs (the language decides them).
    mounts: tuple[Mount, ...] = field(default=(), compare=False)


# The engine's own masked paths (it replaces its list with the one given, not adds to it),
# then the process backend's: host information and machine-wide counters.
DOCKER_MASKED_PATHS: Final = (
    "/proc/asound",
    "/proc/acpi",
    "/proc/kcore",
    "/proc/keys",
    "/proc/latency_stats",
    "/proc/timer_list",
    "/proc/timer_stats",
    "/proc/sched_debug",
    "/proc/scsi",
    "/sys/firmware",
    "/sys/devices/virtual/powercap",
)


def _scratch(workdir_bytes: int) -> dict[str, str]:
    """The container's writable work directory, and its /dev/shm: the engine's own is a
    writable 64 MiB, here an empty, read-only one."""
    return {
        WORKDIR: f"rw,exec,nosuid,nodev,size={workdir_bytes},mode=1777",
        "/dev/shm": "ro,nosuid,nodev,noexec,size=4k",
    }


def _security(warm: bool, oci_runtime: str) -> list[str]:
    """No new privileges ever; the seccomp filter but in a warm runner (the engine's
    default there, see WARM_RUNNER_CAPABILITIES; each run it starts installs ours)."""
    profile = [] if warm else [f"seccomp={docker_profile(oci_runtime == GVISOR)}"]
    return ["no-new-privileges", *profile]


def create(
    client: DockerClient,
    tag: str,
    command: list[str],
    hostdir: str,
    mounts: list[Mount],
    memory_mib: int,
    ulimits: dict[str, int],
    building: bool,
    uid: int,
    oci_runtime: str,
    warm_runner: dict[str, str] | None = None,
    processes: int = PIDS_MAX,
) -> Container:
    """A container made the one way every run and build is: see the module's docstring.
    Through the SDK's low-level API: its high-level one cannot set masked paths.
    `warm_runner`: a warm runner's environment (see WARM_RUNNER_CAPABILITIES); `processes`:
    how many processes and threads it may have at once."""
    warm = warm_runner is not None
    host_config = _host_config(
        client, hostdir, mounts, memory_mib, ulimits, building, oci_runtime, warm, processes
    )
    created = client.api.create_container(
        tag,
        command=command,
        user=f"{uid}:{uid}",
        environment=child_environment(WORKDIR)
        | {"GRADER_SOCKET": f"{CHANNEL_DIR}/{CHANNEL_NAME}", **(warm_runner or {})},
        working_dir=WORKDIR,
        hostname="sandbox",
        host_config=host_config,
        stdin_open=False,
        tty=False,
        labels={RUN_LABEL: str(os.getpid())},
        # With `--network none` too: the runtime makes the container's network namespace
        # itself, empty but for its loopback, without the engine's network sandbox (two
        # runs of dockerd's own binary: 75 of a start's 130 ms).
        network_disabled=True,
    )
    return client.containers.get(created["Id"])


def _host_config(
    client: DockerClient,
    hostdir: str,
    mounts: list[Mount],
    memory_mib: int,
    ulimits: dict[str, int],
    building: bool,
    oci_runtime: str,
    warm: bool,
    processes: int,
) -> dict[str, object]:
    """What the engine keeps the container to (see `create`)."""
    from docker.types import LogConfig, Mount, Ulimit

    memory = memory_mib * 2**20 + (GVISOR_KERNEL_MIB * 2**20 if oci_runtime == GVISOR else 0)
    ulimits = ulimits | ({"nproc": processes} if oci_runtime == GVISOR else {})
    host_config: dict[str, object] = client.api.create_host_config(
        network_mode="none",
        runtime=oci_runtime or None,
        read_only=True,
        tmpfs=_scratch(BUILD_WORKDIR_BYTES if building else WORKDIR_BYTES),
        mounts=[Mount(CHANNEL_DIR, hostdir, type="bind", read_only=True), *mounts],
        mem_limit=memory,
        memswap_limit=memory,
        pids_limit=GVISOR_HOST_TASKS if oci_runtime == GVISOR else processes,
        nano_cpus=1_000_000_000,
        cap_drop=["ALL"],
        cap_add=list(WARM_RUNNER_CAPABILITIES) if warm else None,
        security_opt=_security(warm, oci_runtime),
        ulimits=[Ulimit(name=name, soft=value, hard=value) for name, value in ulimits.items()],
        # Nothing a container prints is kept by the engine: a build's or a run's output comes
        # through an attached stream or sockets, a warm runner's stderr goes to a file of its
        # host folder (warm.py), which outlives the container the engine removes.
        log_config=LogConfig(type="none", config={}),
        # A warm runner is killed through its pidfd, and the engine removes it then on its
        # own: waiting for its removal cost every command about 40 ms at its end.
        auto_remove=warm,
    )
    host_config["MaskedPaths"] = [] if warm else sorted({*DOCKER_MASKED_PATHS, *MASKED_PROC_FILES})
    if warm:
        host_config["ReadonlyPaths"] = []
    return host_config


def remove(container: Container) -> None:
    from docker.errors import DockerException

    with contextlib.suppress(DockerException):
        container.remove(force=True)


def toolchain_mounts(program: Program) -> list[Mount]:
    """The host trees a program needs, read-only, with the hidden ones inside covered."""
    from docker.types import Mount

    mounts = [Mount(tree, tree, "bind", read_only=True) for tree in program.runtime_dirs]
    # Toolchains reach each other through /etc/alternatives (cc -> gcc) and ld.so's cache.
    mounts += [Mount(path, path, "bind", True) for path in SYSTEM_FILES if os.path.exists(path)]
    for hidden in program.hidden:
        if os.path.isdir(hidden) and any(
            hidden.startswith(tree.rstrip("/") + "/") for tree in program.runtime_dirs
        ):
            mounts.append(Mount(hidden, None, "tmpfs", read_only=True))
    return mounts


def first_line(error: object) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
