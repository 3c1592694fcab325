"""Where problems are found: a folder given as a path, or a name under a `problems/` root
(the working directory's, then the one beside the package), whatever kind it holds."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UsageError


def problem_roots(cwd: Path | None = None) -> tuple[Path, ...]:
    """Where problem names are looked up: problems/ in `cwd` (by default the working
    directory), then the problems/ next to the package."""
    beside_package = Path(__file__).resolve().parents[2] / "problems"
    return ((cwd or Path()) / "problems", beside_package)


def find_problem(name_or_dir: str, search_roots: tuple[Path, ...], cwd: Path | None = None) -> Path:
    """The folder of a problem given as a path (relative to `cwd`, by default the working
    directory) or as a name under some `problems/` root."""
    from . import markers, problem_folders

    direct = (cwd or Path()) / name_or_dir
    if any((direct / marker).is_file() for marker in markers()):
        return direct
    if os.sep not in name_or_dir and "/" not in name_or_dir:
        for root in search_roots:
            if any((root / name_or_dir / marker).is_file() for marker in markers()):
                return root / name_or_dir
    known = sorted({folder.name for root in search_roots for folder in problem_folders(root)})
    raise UsageError(
        f"unknown problem {name_or_dir!r}: no {' or '.join(markers())} there or under problems/"
        + (f" (known: {', '.join(known)})" if known else "")
    )
