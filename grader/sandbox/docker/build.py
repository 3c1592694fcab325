"""A compiler's container: a build of the docker backend."""

from __future__ import annotations

import os
import socket
from dataclasses import replace
from typing import TYPE_CHECKING

from ...limits import Limits
from ..base import Program, RunOutcome
from ..files import (
    CHANNEL_NAME,
    OUTPUT_DIR,
    WORKDIR,
    write_new,
)
from ..frames import OUTPUT_HEAD
from .containers import Engine, create, toolchain_mounts

if TYPE_CHECKING:
    from docker import DockerClient


class Build(Engine):
    """A compiler's container: the program's files bound in, out/ bound writable, its
    messages read from the engine's log once it exits."""

    _building = True

    def __init__(
        self,
        client: DockerClient,
        tag: str,
        argv: tuple[str, ...],
        program: Program,
        limits: Limits,
        wanted: dict[str, int],
        output_dir: str,
        uid: int,
        oci_runtime: str = "",
        pipes: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """`pipes`: (host FIFO, name in the work directory) for one side of an
        interaction (pipes.py)."""
        from docker.types import Mount

        self._begin()
        with self._starting():
            for name, content in program.files:
                write_new(self._hostdir, name, content, (CHANNEL_NAME,))
            mounts = [
                Mount(f"{WORKDIR}/{name}", os.path.join(self._hostdir, name), "bind", True)
                for name, _ in program.files
            ]
            mounts.append(Mount(f"{WORKDIR}/{OUTPUT_DIR}", output_dir, "bind", False))
            mounts += [Mount(f"{WORKDIR}/{name}", fifo, "bind", False) for fifo, name in pipes]
            if argv == program.argv:  # a toolchain of the host's, not of the image
                mounts += toolchain_mounts(program)
            container = create(
                client,
                tag,
                list(argv),
                self._hostdir,
                mounts,
                limits.memory_mib,
                wanted,
                True,
                uid,
                oci_runtime,
                processes=limits.process_cap,
            )
            self._started(container)
            quiet, unused = socket.socketpair()
            unused.close()
            self._connections = [quiet]
            self.channel = quiet

    def logged(self, outcome: RunOutcome, limits: Limits) -> RunOutcome:
        """`outcome` with what the compiler printed, read from the engine's log once the
        build has ended."""
        stdout, stderr = self._logs
        head = limits.kept_output_bytes or OUTPUT_HEAD * 4
        return replace(
            outcome, stdout=stdout[:head], stderr=stderr[:head], output_bytes=len(stdout + stderr)
        )
