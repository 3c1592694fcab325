"""What a language's builds share, made once in the user's cache from the system's tools and
the harness's own sources (nothing of any submission): C++'s precompiled header and driver,
Rust's driver library, Java's build tool. Each lives in a folder named by a digest of what
made it, shown read-only to every build; it is made in a scratch folder beside its place and
renamed into it, so a grader beside this one sees all of it or none."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, Generic, TypeVar

# In the home's cache whatever XDG_CACHE_HOME says: one for every cache a test or a benchmark
# makes, and never under /tmp, which a sandbox covers with its own.
CACHE_ROOT: Final = Path.home() / ".cache" / "grader"
BUILD_TIMEOUT_S: Final = 120


def cached_folder(kind: str, *made_from: str) -> Path:
    """Where the `kind` of tool made from these strings (versions, flags, sources) lives."""
    digest = hashlib.sha256("\0".join(made_from).encode()).hexdigest()[:24]
    return CACHE_ROOT / kind / digest


def made_once(
    folder: Path,
    outputs: Sequence[str],
    steps: Callable[[Path], list[list[str]]],
    into_existing: bool = False,
) -> bool:
    """`outputs` (paths relative to `folder`) made by running `steps(scratch)` in a scratch
    folder, unless `folder` holds them already. `into_existing`: `folder` is there already
    (holding what these steps use), and each output is renamed into it on its own. False
    where they cannot be made."""
    if all((folder / output).is_file() for output in outputs):
        return True
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".partial-", dir=folder.parent))
    except OSError:
        return False
    try:
        for step in steps(scratch):
            done = subprocess.run(
                step, cwd=scratch, capture_output=True, timeout=BUILD_TIMEOUT_S, check=False
            )
            if done.returncode != 0:
                return False
        if into_existing:
            for output in outputs:
                os.chmod(scratch / output, 0o644)
                os.replace(scratch / output, folder / output)
            return all((folder / output).is_file() for output in outputs)
        # Only the outputs go into place, in a folder of their own renamed whole.
        placed = Path(tempfile.mkdtemp(prefix=".placed-", dir=scratch))
        for output in outputs:
            (placed / output).parent.mkdir(parents=True, exist_ok=True)
            os.replace(scratch / output, placed / output)
            os.chmod(placed / output, 0o644)
        for directory in (placed, *{(placed / output).parent for output in outputs}):
            os.chmod(directory, 0o755)  # the sandbox's uid reads it
        with contextlib.suppress(OSError):  # another grader made it first: theirs is used
            placed.rename(folder)
    except (OSError, subprocess.TimeoutExpired):
        return False
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return all((folder / output).is_file() for output in outputs)


def write_whole(path: Path, content: bytes) -> None:
    """Write atomically: a concurrent grader sees the whole file or none. A cache that
    cannot be written only costs the work again next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".partial-")
        with os.fdopen(handle, "wb") as out:
            out.write(content)
        os.replace(temporary, path)
    except OSError:
        pass


T = TypeVar("T")


class per_path(Generic[T]):  # noqa: N801 - used as a decorator, as functools.cache is
    """`lookup` (a toolchain found on PATH) done once per value of PATH, not once per
    process: a warm grader then answers with the toolchain that a cold command in the
    caller's environment would find."""

    def __init__(self, lookup: Callable[[], T]) -> None:
        self._lookup = lookup
        self._found: dict[str, T] = {}
        functools.update_wrapper(self, lookup)

    def __call__(self) -> T:
        key = os.environ.get("PATH", "")
        if key not in self._found:
            self._found[key] = self._lookup()
        return self._found[key]

    def cache_clear(self) -> None:
        self._found.clear()

    def checked(self, still_there: Callable[[T], bool]) -> T:
        """The answer, looked up again once if `still_there` says what it names has gone (a
        cache emptied meanwhile)."""
        found = self()
        if not still_there(found):
            self.cache_clear()
            found = self()
        return found


def present(path: str | None) -> bool:
    """For `per_path.checked`: a path that exists, or no path at all."""
    return path is None or os.path.exists(path)
