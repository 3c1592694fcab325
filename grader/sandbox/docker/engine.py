"""Reaching the local Docker engine: a client, or SandboxUnavailable saying why and what to
do (the engine not running, not ours to use, the SDK missing)."""

from __future__ import annotations

import os
import socket
from typing import TYPE_CHECKING, Final

from ...errors import SandboxUnavailable
from .containers import first_line

if TYPE_CHECKING:
    from docker import DockerClient

ENGINE_HINT: Final = (
    "start the Docker engine (systemctl start docker, or dockerd &), make sure you may use it "
    "(the docker group), or use --sandbox process"
)


def connect() -> DockerClient:
    """A client for the local engine, or SandboxUnavailable saying why and what to do."""
    try:
        import docker
        from docker.errors import DockerException
    except ImportError as error:
        raise SandboxUnavailable(
            f"the Docker SDK is not installed ({error}): pip install docker"
        ) from None
    host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
    if host.startswith("unix://"):
        # Knock first: the SDK leaks its socket when the engine is not there.
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as knock:
            try:
                knock.connect(host.removeprefix("unix://"))
            except OSError as error:
                raise SandboxUnavailable(
                    f"the Docker engine is not reachable ({host}: {error.strerror}): {ENGINE_HINT}"
                ) from None
    client = None
    try:
        client = docker.from_env(timeout=60)
        client.ping()
    except DockerException as error:
        if client is not None:
            client.close()
        raise SandboxUnavailable(
            f"the Docker engine is not reachable ({first_line(error)}): {ENGINE_HINT}"
        ) from None
    return client
