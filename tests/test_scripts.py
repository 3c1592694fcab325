"""The set-up scripts' own promises, where they can be checked without stopping the engine
the rest of the suite uses."""

from __future__ import annotations

import os
import subprocess

from .conftest import ROOT, require

START_DOCKER = ROOT / "scripts" / "start-docker"


def _start_docker(docker_host: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(START_DOCKER)],
        capture_output=True,
        text=True,
        env=os.environ | {"DOCKER_HOST": docker_host},
        timeout=120,
    )


def test_start_docker_asks_the_engine_docker_host_names() -> None:
    """A tcp:// engine is not one to start here: said, and nothing started."""
    done = _start_docker("tcp://127.0.0.1:9")
    assert done.returncode == 1
    assert "DOCKER_HOST=tcp://127.0.0.1:9 is not a unix socket" in done.stderr


def test_start_docker_takes_a_running_engine_at_docker_host() -> None:
    """The engine the suite uses, named through DOCKER_HOST: found running, left alone."""
    socket = "/var/run/docker.sock"
    require(os.path.exists(socket), "a running Docker engine", "run scripts/setup as root")
    done = _start_docker(f"unix://{socket}")
    assert done.returncode == 0, done.stderr
    assert "starting dockerd" not in done.stdout


def test_start_docker_writes_nothing_into_tmp() -> None:
    """Its log and pid are under /run/grader-dockerd, root's own: no fixed name in /tmp."""
    text = START_DOCKER.read_text()
    assert "/tmp" not in text.replace("world-writable /tmp", "")
    assert "state=/run/grader-dockerd" in text
