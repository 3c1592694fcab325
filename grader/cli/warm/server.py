"""`grader serve`: a warm grader for one user and one checkout, so that `grader grade` costs
a round trip instead of an interpreter start, a hundred imports and a sandbox start.

client.py asks it over a Unix socket in a 0700 directory; it answers only its own user. It
runs each request as the command line would (cli.main), one at a time, in a Context of the
caller's working directory, environment, stdout and stderr (the descriptors themselves,
passed over the socket), and keeps its sandboxes open between requests; it changes none of
its own. What the harness reads of the environment below the command line (wire.py's
SERVED_ENVIRONMENT: toolchains on PATH, the Docker engine, caches) is its own: the client
asks only a server started with the same values. It refuses a request (STALE), and exits,
once its own code changed on disk; it exits after `--idle` seconds unused.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import io
import os
import select
import signal
import socket
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ...errors import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE
from ..context import Context
from .kept import KeptSandboxes
from .wire import ANSWERED, SERVED_ENVIRONMENT, STALE, package_dir

MAX_REQUEST_BYTES = 1 << 20


def serve(path: Path, idle: float, context: Context) -> int:
    """Answer requests on the socket `path` until `idle` seconds pass without one, or this
    code is stale. `context` is the server's own; each request runs in one derived from it."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.parent.stat().st_uid != os.getuid() or path.parent.stat().st_mode & 0o077:
        context.say(f"grader serve: {path.parent} must be yours and private (0700)")
        return EXIT_INTERNAL
    # One server per socket: a second one started while the first was coming up goes away.
    lock = os.open(f"{path}.lock", os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(lock)
        return EXIT_OK
    os.ftruncate(lock, 0)
    os.write(lock, f"{os.getpid()}\n".encode())  # who to stop: kill $(cat PATH.lock)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # a dead server's: a live one holds the lock
        listener.bind(str(path))
        listener.listen(8)
    except OSError as error:
        context.say(f"grader serve: cannot listen on {path}: {error}")
        return EXIT_INTERNAL
    # Its own directory, never the one it was started from: that one may be deleted while
    # this server lives on. (Requests never use it: their context has the caller's.)
    os.chdir(path.parent)
    code = _fingerprint()
    own = {name: os.environ.get(name, "") for name in SERVED_ENVIRONMENT}
    sandboxes = KeptSandboxes()
    served = dataclasses.replace(context, sandboxes=sandboxes)
    # `kill` (SIGTERM, what its lock file offers) or a hang-up ends it as going idle does:
    # its warm containers removed and its sandboxes' folders with them, never left behind.
    stopping = {number: signal.signal(number, _stop) for number in STOP_SIGNALS}
    try:
        while select.select([listener], [], [], idle)[0]:
            connection, _ = listener.accept()
            with connection:
                if not _answer(connection, code, own, served):
                    break  # stale: the next command runs cold and starts a fresh server
    except _Stopped:
        pass
    finally:
        # A second signal must not cut the tidying short.
        for number in STOP_SIGNALS:
            signal.signal(number, signal.SIG_IGN)
        sandboxes.close()
        with contextlib.suppress(OSError):
            path.unlink()
        listener.close()
        os.close(lock)
        for number, handler in stopping.items():
            signal.signal(number, handler)
    return EXIT_OK


STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class _Stopped(BaseException):
    """Raised in the server's thread by a stop signal: not an Exception, so that no request's
    own error handling can swallow it."""


def _stop(number: int, frame: object) -> None:
    raise _Stopped


def _answer(
    connection: socket.socket,
    code: tuple[tuple[str, int], ...],
    own: dict[str, str],
    served: Context,
) -> bool:
    """Serve one request; False when this server is stale and must go."""
    credentials = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, 12)
    _, uid, _ = struct.unpack("3i", credentials)
    received = _receive(connection)
    if received is None or uid != os.getuid():
        return True
    request, stdio = received
    try:
        fields = request.decode("utf-8", "surrogateescape").split("\0")
        package, cwd, count = fields[0], fields[1], int(fields[2])
        argv = fields[3 : 3 + count]
        environ = dict(entry.split("=", 1) for entry in fields[3 + count :] if "=" in entry)
        if package != package_dir() or _fingerprint() != code:
            connection.sendall(bytes([STALE]))
            return False
        if any(environ.get(name, "") != value for name, value in own.items()):
            connection.sendall(bytes([STALE]))  # not for this server: the caller runs it
            return True
        if not os.path.isdir(cwd):  # the caller's shell sits in a deleted directory
            os.write(stdio[1], f"grader: the current directory {cwd} no longer exists\n".encode())
            status = EXIT_USAGE
        else:
            with _streams(stdio) as (stdout, stderr):
                caller = dataclasses.replace(
                    served, cwd=Path(cwd), environ=environ, stdout=stdout, stderr=stderr
                )
                status = served.command_line(argv, caller)
    except Exception as error:  # noqa: BLE001 - the client says so; the server goes on
        with contextlib.suppress(OSError):
            os.write(stdio[1], f"grader: internal error: {error}\n".encode())
        status = EXIT_INTERNAL
    finally:
        for fd in stdio:
            os.close(fd)
    with contextlib.suppress(OSError):
        connection.sendall(bytes([ANSWERED]) + status.to_bytes(4, "big", signed=True))
    return True


def _receive(connection: socket.socket) -> tuple[bytes, list[int]] | None:
    header, ancillary, _, _ = connection.recvmsg(4, socket.CMSG_SPACE(8))
    stdio: list[int] = []
    for level, kind, data in ancillary:
        if (level, kind) == (socket.SOL_SOCKET, socket.SCM_RIGHTS):
            stdio += struct.unpack(f"{len(data) // 4}i", data[: len(data) - len(data) % 4])
    if len(header) < 4 or len(stdio) != 2:
        for fd in stdio:
            os.close(fd)
        return None
    size = int.from_bytes(header, "big")
    if size > MAX_REQUEST_BYTES:
        return None
    body = bytearray()
    while len(body) < size:
        chunk = connection.recv(size - len(body))
        if not chunk:
            return None
        body += chunk
    return bytes(body), stdio


@contextlib.contextmanager
def _streams(stdio: list[int]) -> Iterator[tuple[TextIO, TextIO]]:
    """The caller's stdout and stderr, as text streams of this process's own, closed after."""
    opened = [
        io.TextIOWrapper(io.FileIO(os.dup(fd), "w"), encoding="utf-8", line_buffering=True)
        for fd in stdio
    ]
    try:
        yield opened[0], opened[1]
    finally:
        for stream in opened:
            with contextlib.suppress(OSError, ValueError):  # a reader that went away
                stream.close()


def _fingerprint() -> tuple[tuple[str, int], ...]:
    """What the code on disk is: a change to any file of the package makes this server
    stale. (os.scandir: one stat per file, which every request pays.)"""
    found: list[tuple[str, int]] = []
    folders = [package_dir()]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append(entry.path)
                elif entry.is_file(follow_symlinks=False):
                    found.append((entry.path, entry.stat(follow_symlinks=False).st_mtime_ns))
    return tuple(sorted(found))
