"""The `grader` command. `grader grade` and `grader verify` first ask a warm grader
(server.py) of this checkout and this user to do the work, and print nothing of their own:
the warm one writes straight to this terminal through descriptors handed over. Without one,
the command runs here, then starts one in the background for next time (not under CI;
`GRADER_SERVER=off` turns both off, `GRADER_SERVER=on` starts one under CI too).

Every import here is a module built into the interpreter: bin/grader starts it without
`site`, so that a command a warm grader answers costs a bare interpreter and one round trip.
A command that runs here runs `site` first (with_site).
"""

import _socket
import posix
import sys

from .wire import SERVED_ENVIRONMENT, STALE, package_dir


def main() -> int:
    argv = sys.argv[1:]
    if argv == ["--version"]:  # as cli.py's parser says it, without building the parser
        from ...__version__ import __version__

        print(f"grader {__version__}")
        return 0
    choice = posix.environ.get(b"GRADER_SERVER", b"auto")
    grading = argv[:1] in (["grade"], ["verify"])
    served = grading and choice != b"off"
    if served:
        status = through_server(argv)
        if status is not None:
            # Nothing of this process's own is left to flush: the warm grader wrote the
            # output. Skipping the interpreter's tear-down saves a few ms of every command.
            posix._exit(status)
    with_site()
    from .. import main as run_here

    status = run_here(argv)
    # A CI job grades once and ends: a server would only outlive it. GRADER_SERVER=on
    # starts one there too.
    if served and (choice == b"on" or not posix.environ.get(b"CI")):
        start_server()
    if grading:
        # Everything `grade` or `verify` opened is closed by now (sandbox, gradebook, report
        # file): the interpreter's tear-down of a batch's objects would only add 10-100 ms.
        import contextlib  # loaded by the command already

        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # a reader that went away
                stream.flush()
        posix._exit(status)
    return status


def with_site() -> None:
    """What the interpreter does at start-up unless told -S: site-packages and .pth files
    on the path, for a command that runs here with all it depends on."""
    if "site" not in sys.modules:
        import site

        site.main()


def socket_path() -> str:
    """Private to this user (a 0700 directory); one per checkout, interpreter and the
    environment a server reads (SERVED_ENVIRONMENT)."""
    import zlib

    home = _environ("XDG_RUNTIME_DIR") or (
        (_environ("XDG_CACHE_HOME") or f"{_home()}/.cache") + "/grader"
    )
    served = "\0".join(_environ(name) for name in SERVED_ENVIRONMENT)
    key = zlib.crc32(f"{package_dir()}\0{sys.executable}\0{served}".encode())
    return f"{home}/grader-server/{key:08x}.sock"


def _environ(name: str) -> str:
    return posix.environ.get(name.encode(), b"").decode("utf-8", "surrogateescape")


def _home() -> str:
    home = _environ("HOME")
    if not home:  # as os.path.expanduser("~") does
        import pwd

        home = pwd.getpwuid(posix.getuid()).pw_dir
    return home


def through_server(argv: list[str]) -> int | None:
    """The exit status from the warm grader, or None when there is none to ask (or it is
    stale, or it went away mid-way before saying anything)."""
    connection = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        connection.connect(socket_path())
        encoding, errors = sys.getfilesystemencoding(), sys.getfilesystemencodeerrors()
        environment = [b"%s=%s" % item for item in posix.environ.items()]
        fields = [package_dir(), str(len(argv)), *argv]
        encoded = [field.encode(encoding, errors) for field in fields]
        request = b"\0".join([encoded[0], posix.getcwdb(), *encoded[1:], *environment])
        stdio = (1).to_bytes(4, sys.byteorder) + (2).to_bytes(4, sys.byteorder)
        rights = [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, stdio)]
        connection.sendmsg([len(request).to_bytes(4, "big") + request], rights)
    except OSError:
        connection.close()
        return None  # nobody there: nothing was done
    reply = b""
    try:
        while len(reply) < 5:
            chunk = connection.recv(5 - len(reply))
            if not chunk:
                break
            reply += chunk
    except OSError:
        pass
    finally:
        connection.close()
    if reply[:1] == bytes([STALE]):
        return None  # it did nothing: its code or checkout is not this one
    if len(reply) < 5:
        # It may have printed part of a report already: running again here would repeat it.
        posix.write(2, b"grader: internal error: the warm grader stopped mid-way; run again\n")
        return 3
    return int.from_bytes(reply[1:5], "big", signed=True)


def start_server() -> None:
    """A warm grader for the next command, detached from this one's terminal and signals."""
    import os
    import subprocess

    path = socket_path()
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        subprocess.Popen(
            [sys.executable, "-m", "grader", "serve", "--socket", path],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            close_fds=True,
            cwd=os.path.dirname(path),  # a directory of its own, which nobody deletes under it
        )
    except OSError:
        pass  # only an optimisation: the next command runs here again
