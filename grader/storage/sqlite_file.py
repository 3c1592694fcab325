"""The file a SQLite database is: made private to its owner, the space left on its disk, and
which of SQLite's errors are about the file's state rather than the statement."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

# Below this, a SQLite database's disk counts as full: a hand-in's row (its source, its
# result and events) is tens of KiB.
MIN_FREE_BYTES: Final = 1024 * 1024


def space_left(path: Path) -> int | None:
    """Bytes free to this user on the file system of the database file `path`; None when
    it cannot be told."""
    try:
        space = os.statvfs(path.resolve().parent)
    except OSError:
        return None
    return space.f_bavail * space.f_frsize


def unavailable_sqlite(error: Exception) -> bool:
    """Whether SQLite's OperationalError is about the file's state, not the statement."""
    said = str(error).lower()
    return any(
        part in said for part in ("full", "locked", "disk i/o", "readonly", "unable to open")
    )


def private_file(path: Path) -> None:
    """A database file only its owner may read, in a folder only its owner may enter when
    it made that folder: a database holds tokens' digests, every submission and, for LTI,
    the tool's private key. An existing file another user may read is made private (SQLite
    gives its -wal and -shm files the database file's mode)."""
    if str(path) in ("", ":memory:"):
        return
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    for each in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            info = each.stat()
        except FileNotFoundError:
            continue
        if info.st_mode & 0o077 and info.st_uid == os.geteuid():
            each.chmod(0o600)
