"""`grader serve`: a warm grader for one user and one checkout, so that `grader grade` costs
a round trip instead of an interpreter start, a hundred imports and a sandbox start.

client.py asks it over a Unix socket in a 0700 directory; it answers only its own user. It
runs each request as the command line would (cli.main), one at a time, with the caller's
working directory, environment, stdout and stderr (the descriptors themselves, passed over
the socket), and keeps its sandboxes open between requests. It refuses a request (STALE),
and exits, once its own code changed on disk; it exits after `--idle` seconds unused.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import io
import os
import select
import socket
import struct
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from .errors import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE
from .sandbox.kept import KeptSandboxes
from .wire import ANSWERED, STALE, package_dir

MAX_REQUEST_BYTES = 1 << 20


# How a request is run: cli.main, handed in by the CLI (this module never imports it).
RunCommand = Callable[[list[str], KeptSandboxes], int]


def serve_command(args: argparse.Namespace, run: RunCommand) -> int:
    path = Path(args.socket)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if path.parent.stat().st_uid != os.getuid() or path.parent.stat().st_mode & 0o077:
        print(f"grader serve: {path.parent} must be yours and private (0700)", file=sys.stderr)
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
        print(f"grader serve: cannot listen on {path}: {error}", file=sys.stderr)
        return EXIT_INTERNAL
    # Its own directory, never the one it was started from: that one may be deleted while
    # this server lives on, and every request returns here.
    os.chdir(path.parent)
    code = _fingerprint()
    sandboxes = KeptSandboxes()
    try:
        while select.select([listener], [], [], args.idle)[0]:
            connection, _ = listener.accept()
            with connection:
                if not _answer(connection, code, sandboxes, path.parent, run):
                    break  # stale: the next command runs cold and starts a fresh server
    finally:
        sandboxes.close()
        with contextlib.suppress(OSError):
            path.unlink()
        listener.close()
        os.close(lock)
    return EXIT_OK


def _answer(
    connection: socket.socket,
    code: tuple[tuple[str, int], ...],
    sandboxes: KeptSandboxes,
    home: Path,
    run: RunCommand,
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
        argv, environment = fields[3 : 3 + count], fields[3 + count :]
        if package != package_dir() or _fingerprint() != code:
            connection.sendall(bytes([STALE]))
            return False
        if not os.path.isdir(cwd):  # the caller's shell sits in a deleted directory
            os.write(stdio[1], f"grader: the current directory {cwd} no longer exists\n".encode())
            status = EXIT_USAGE
        else:
            with _as_caller(cwd, environment, stdio, home):
                status = run(argv, sandboxes)
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
def _as_caller(cwd: str, environment: list[str], stdio: list[int], home: Path) -> Iterator[None]:
    """The caller's directory, environment and output for one request, then ours again
    (`home`, the server's own directory)."""
    saved_environment = dict(os.environ)
    saved_streams = sys.stdout, sys.stderr
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(entry.split("=", 1) for entry in environment if "=" in entry)  # type: ignore[misc]
    sys.stdout, sys.stderr = (
        io.TextIOWrapper(io.FileIO(os.dup(fd), "w"), encoding="utf-8", line_buffering=True)
        for fd in stdio
    )
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.close()
        sys.stdout, sys.stderr = saved_streams
        os.environ.clear()
        os.environ.update(saved_environment)
        os.chdir(home)


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
