"""A compiler's container: a build of the docker backend."""

from __future__ import annotations

import os
import socket
from typing import TYPE_CHECKING

from ...limits import Limits
from ..base import Program
from ..files import (
    CHANNEL_NAME,
    OUTPUT_DIR,
    WORKDIR,
    write_new,
)
from .attached import CHUNK, AttachedOutput
from .child import Engine
from .containers import create, toolchain_mounts

if TYPE_CHECKING:
    from docker import DockerClient


class Build(Engine):
    """A compiler's container (or a whole program's run): the program's files bound in,
    out/ bound writable, its output read as it is printed (attached.py)."""

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
        self._attached: AttachedOutput | None = None
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
            # More than the output limit may wait for the supervisor: it must see the flood.
            self._attached = AttachedOutput(container, limits.output_kib * 1024 + CHUNK)
            self.streams = self._attached.streams
            self._started(container)
            quiet, unused = socket.socketpair()
            unused.close()
            self._connections = [quiet]
            self.channel = quiet

    def _dispose(self) -> None:
        super()._dispose()  # the container removed first: its output stream ends
        if self._attached is not None:
            self._attached.close()
            self._attached = None
