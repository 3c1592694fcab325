"""A student's file, read once, with its language decided by the extension.

A class folder is the students' to fill: `ln -s /etc/shadow class/eve/solution.py`, read by a
grader running as root, would put the host's file in eve's compile error, and a link to a
reference solution would be graded as eve's own. So no link below the folder being graded is
followed (each component is opened with O_NOFOLLOW), only a regular file is read (a FIFO would
block the batch), and a file that is neither is graded CE, saying why.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .errors import UsageError

MAX_SOURCE_BYTES = 128 * 1024
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


@dataclass(frozen=True, slots=True)
class Submission:
    path: Path
    shown: str  # the name reports use: as the user gave it
    language: str
    source: bytes
    refused: str = ""  # why the file was not read (a link, not a regular file): graded CE


def read_submission(
    path: Path, extensions: Mapping[str, str], root: Path | None = None, shown: str = ""
) -> Submission:
    """Read `path`, a file inside the folder `root` (default: its own folder) reached
    without following any link below `root`; `extensions` maps ".py" to a language id;
    `shown`: the name messages and reports use (default: `path`). Raises UsageError for a
    file that is not there; a link or a special file is returned with `refused` set."""
    shown = shown or str(path)
    language = extensions.get(path.suffix.lower())
    if language is None:
        known = ", ".join(sorted(extensions))
        raise UsageError(f"{shown}: unknown extension {path.suffix or '(none)'!r} (known: {known})")
    top = path.parent if root is None else root
    try:
        source = _read_below(top, path.relative_to(top).parts)
    except FileNotFoundError:
        raise UsageError(f"{shown}: no such file") from None
    except IsADirectoryError:
        raise UsageError(f"{shown}: is a directory") from None
    except _Refused as refused:
        return Submission(path, shown, language, b"", f"{path.name}: not graded: {refused}")
    except OSError as error:
        raise UsageError(f"{shown}: cannot be read ({error.strerror})") from None
    return Submission(path, shown, language, source)


class _Refused(Exception):
    pass


def _read_below(top: Path, parts: tuple[str, ...]) -> bytes:
    """The bytes of top/parts..., each component opened relative to the one before it,
    never through a link (so a link swapped in between a check and the read wins nothing)."""
    folder = os.open(top, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            flags = os.O_RDONLY | _NOFOLLOW | (os.O_NONBLOCK if last else os.O_DIRECTORY)
            try:
                opened = os.open(part, flags, dir_fd=folder)
            except OSError as error:
                # O_NOFOLLOW on a link: ELOOP for the file itself, ENOTDIR for a folder.
                if error.errno in (errno.ELOOP, errno.ENOTDIR) and os.path.islink(
                    os.path.join(top, *parts[: index + 1])
                ):
                    raise _Refused(
                        f"{part} is a symbolic link; the grader follows no link in the folder "
                        "it grades (put the file itself there)"
                    ) from None
                raise
            os.close(folder)
            folder = opened
        status = os.fstat(folder)
        if not stat.S_ISREG(status.st_mode):
            if stat.S_ISDIR(status.st_mode):
                raise IsADirectoryError(errno.EISDIR, "is a directory")
            raise _Refused("it is not a regular file")
        with os.fdopen(folder, "rb") as handle:
            folder = -1
            # One byte past the cap tells "too large" without reading a huge file whole.
            return handle.read(MAX_SOURCE_BYTES + 1)
    finally:
        if folder >= 0:
            os.close(folder)
