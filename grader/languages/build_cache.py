"""Builds kept in the user's cache, named by a digest of what made them: a compiled
submission graded again (a rejudge, a second command) is not compiled again. Bounded: a
grader that builds every student's submission for months would otherwise fill its disk, so
once the builds pass BUILD_CACHE_BYTES the least recently used go, as ccache's do."""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path
from typing import Final

from .toolcache import write_whole

BUILD_CACHE_BYTES: Final = 2 * 2**30
# Evicting down to a share of the bound, not to the bound itself: a full cache is then not
# scanned again at every build.
KEPT_AFTER_EVICTION: Final = 0.75


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "grader" / "builds"


def cached_build(kind: str, toolchain_key: str, files: tuple[tuple[str, bytes], ...]) -> Path:
    """Where the build of `files` by this toolchain is kept, named by their digest."""
    digest = hashlib.sha256(toolchain_key.encode())
    for name, content in files:
        digest.update(f"\0{name}\0{len(content)}\0".encode())
        digest.update(content)
    return cache_dir() / f"{kind}-{digest.hexdigest()}"


def taken(path: Path) -> bytes | None:
    """The build kept at `path`, marked as just used; None where there is none."""
    try:
        content = path.read_bytes()
    except OSError:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # the file's time is when it was last used: eviction's order
    return content


def kept(path: Path, content: bytes, bound: int = BUILD_CACHE_BYTES) -> None:
    """Keep `content` at `path`, then evict the least recently used builds if they all
    pass `bound`. A cache that cannot be written only costs the build again next time."""
    write_whole(path, content)
    entries = []
    with contextlib.suppress(OSError), os.scandir(path.parent) as found:
        for entry in found:
            with contextlib.suppress(OSError):  # one gone meanwhile is not counted
                status = entry.stat(follow_symlinks=False)
                entries.append((status.st_mtime_ns, status.st_size, entry.path))
    total = sum(size for _, size, _ in entries)
    if total <= bound:
        return
    for _, size, oldest in sorted(entries):
        if total <= bound * KEPT_AFTER_EVICTION:
            break
        with contextlib.suppress(OSError):  # another grader evicted it first
            os.unlink(oldest)
        total -= size
