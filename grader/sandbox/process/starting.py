"""How a warm runner (_zygote.py) is started: the process the grader holds and the control
socket it speaks on. The process backend's runs it inside bubblewrap (here); the docker
backend's in a container (docker/warm.py)."""

from __future__ import annotations

import socket
import subprocess
import threading
from collections.abc import Callable
from typing import Any, Protocol

from .bubblewrap import Isolation, zygote_argv


class WarmProcess(Protocol):
    """The warm runner's process as the grader holds it (a Popen for bubblewrap's)."""

    def poll(self) -> int | None: ...

    def kill(self) -> None: ...

    def communicate(
        self, input: bytes | None = None, timeout: float | None = None
    ) -> tuple[Any, bytes]:
        """Wait for its end; what it said on stderr (timeout: subprocess.TimeoutExpired)."""
        ...


# Given the warm runner's command and environment: its process, and the grader's end of the
# control socket (SOCK_SEQPACKET) whose other end is GRADER_ZYGOTE_FD in it.
StartWarmRunner = Callable[[tuple[str, ...], dict[str, str]], tuple[WarmProcess, socket.socket]]


def in_bubblewrap(
    isolation: Isolation, runtime_dirs: tuple[str, ...], hidden: tuple[str, ...]
) -> StartWarmRunner:
    """The process backend's warm runner: inside bubblewrap, with these trees in view."""

    def start(
        command: tuple[str, ...], environment: dict[str, str]
    ) -> tuple[WarmProcess, socket.socket]:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            argv = zygote_argv(isolation, command, runtime_dirs, hidden)
            return _started_by_a_keeper(argv, theirs.fileno(), environment), ours
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()

    return start


def _started_by_a_keeper(
    argv: list[str], control_fd: int, environment: dict[str, str]
) -> subprocess.Popen[bytes]:
    """bubblewrap started by a thread of its own that lives as long as it does. Its
    --die-with-parent is PR_SET_PDEATHSIG, which follows the *thread* that started it: started
    by whichever thread asked first (the one opening the sandbox, a batch's worker), the
    warm runner was killed when that thread ended, and the runs of the others with it."""
    started: list[subprocess.Popen[bytes] | OSError] = []
    ready = threading.Event()

    def keep() -> None:
        try:
            process = subprocess.Popen(
                argv,
                env={"GRADER_ZYGOTE_FD": str(control_fd), **environment},
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                pass_fds=(control_fd,),
                start_new_session=True,
            )
        except OSError as error:
            started.append(error)
            ready.set()
            return
        started.append(process)
        ready.set()
        process.wait()

    threading.Thread(target=keep, name="grader-warm-runner", daemon=True).start()
    ready.wait()
    if isinstance(started[0], OSError):
        raise started[0]
    return started[0]
