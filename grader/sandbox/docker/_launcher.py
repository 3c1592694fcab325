# The first process of a warm container, executed as `python -I -S -B -X utf8 -c <this source>
# [RUNNER]`: started before its submission is known, it connects to the grader (channel,
# stdout, stderr: three connections to GRADER_SOCKET, in that order), then waits for one
# frame naming the program: its argv, its files (written by the grader beside the socket),
# its environment. It links the files into its work directory, then becomes the program: the
# Python runner in this interpreter (RUNNER, compiled while the container was idle), anything
# else by execve with the channel as GRADER_FD. It is never imported by the harness.
from __future__ import annotations

import _socket
import json
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def connected(path: str) -> int:
    connection = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    connection.connect(path)
    return connection.detach()


def read_exactly(fd: int, size: int) -> bytes:
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            os._exit(0)  # the grader gave up on this container
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def main() -> None:
    path = os.environ.pop("GRADER_SOCKET")
    channel = connected(path)
    for target in (1, 2):
        stream = connected(path)
        os.dup2(stream, target)
        os.close(stream)
    preloaded = sys.argv[1] if len(sys.argv) > 1 else ""
    code = compile(preloaded, "<string>", "exec") if preloaded else None
    if code is not None:
        exec(code, {"__name__": "__warm__"})  # what its run will import, while it waits
    size = int.from_bytes(read_exactly(channel, 4), "big")
    request: dict[str, Any] = json.loads(read_exactly(channel, size))
    for name in request["files"]:
        if "/" in name or name in ("", ".", ".."):
            raise OSError("refusing file name %r" % name)
        # The grader wrote it beside the socket, bound read-only: linked, not copied (a
        # copy would count against the run's file-size limit).
        os.symlink(os.path.join(os.path.dirname(path), name), name)
    environment = request["env"] | {"GRADER_FD": str(channel)}
    argv = request["argv"]
    if request["inline"]:
        source = request["source"]
        os.environ.clear()
        os.environ.update(environment)
        sys.argv = ["-c", *request["args"]]
        module = type(sys)("__main__")
        sys.modules["__main__"] = module
        if code is None or source != preloaded:
            code = compile(source, "<string>", "exec")
        exec(code, module.__dict__)
        sys.stdout.flush()
        os._exit(0)
    os.set_inheritable(channel, True)  # sockets are made close-on-exec
    os.execve(argv[0], argv, environment)


main()
