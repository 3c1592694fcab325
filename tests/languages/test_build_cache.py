"""The build cache is bounded: past its bound the least recently used builds go, down to a
share of it, and a build taken counts as used."""

from __future__ import annotations

import os
from pathlib import Path

from grader.languages.build_cache import KEPT_AFTER_EVICTION, kept, taken

SIZE = 100


def _made(folder: Path, names: str) -> None:
    """One build per letter, each used an hour after the one before, all long ago."""
    for age, name in enumerate(names):
        (folder / name).write_bytes(name.encode() * SIZE)
        seconds = 1_000_000 + 3600 * age
        os.utime(folder / name, ns=(seconds * 10**9, seconds * 10**9))


def test_a_build_kept_is_taken_whole_and_marked_as_used(tmp_path: Path) -> None:
    kept(tmp_path / "a", b"binary")
    os.utime(tmp_path / "a", ns=(0, 0))
    assert taken(tmp_path / "a") == b"binary"
    assert (tmp_path / "a").stat().st_mtime_ns > 0
    assert taken(tmp_path / "missing") is None


def test_past_its_bound_the_least_recently_used_go_first(tmp_path: Path) -> None:
    _made(tmp_path, "abcd")
    assert taken(tmp_path / "a") is not None  # used now: the newest but for the next one
    kept(tmp_path / "e", b"e" * SIZE, bound=4 * SIZE)  # five builds: one past the bound
    # Down to three quarters of the bound: the two least recently used, b and c, went.
    assert KEPT_AFTER_EVICTION == 0.75
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a", "d", "e"]


def test_within_its_bound_nothing_goes(tmp_path: Path) -> None:
    _made(tmp_path, "abc")
    kept(tmp_path / "d", b"d" * SIZE, bound=4 * SIZE)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a", "b", "c", "d"]
