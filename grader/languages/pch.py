"""What every C++ build shares, made once per g++ and set of flags in the user's cache, from
the system's headers and the harness's own sources, nothing of any submission:

- the precompiled `<bits/stdc++.h>`: the header every C++ submission is compiled with
  (LeetCode's prelude) costs most of a first build (1.5 s of the 1.9 s here). Each build in
  the sandbox finds it, read-only, in an include folder searched before the system's. g++
  checks a precompiled header against the build's flags and falls back to the header itself
  when they differ: never a wrong build;
- the driver's object (drivers/driver_lib.cpp): the half of the driver that does not depend
  on the submission, 0.4 s of -O2 that every first build would otherwise pay again, linked
  into each build instead (its name carries its source's digest)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Final

HEADER: Final = "bits/stdc++.h"
# In the home's cache whatever XDG_CACHE_HOME says: one header for every cache a test or a
# benchmark makes, and never under /tmp, which a sandbox covers with its own.
PCH_ROOT: Final = Path.home() / ".cache" / "grader" / "pch"
BUILD_TIMEOUT_S: Final = 120


def precompiled_folder(compiler: str, flags: tuple[str, ...]) -> str | None:
    """A folder holding bits/stdc++.h.gch for `compiler` and `flags`, made the first time;
    None where it cannot be made (the build then reads the header, only slower)."""
    try:
        version = subprocess.run(
            [compiler, "--version"], capture_output=True, text=True, check=False
        ).stdout
    except OSError:
        return None
    # The compiler's own version names its headers: finding the header (a preprocessor run,
    # 0.15 s) is only needed to make it.
    key = hashlib.sha256("\0".join([compiler, version, *flags]).encode()).hexdigest()[:24]
    folder = PCH_ROOT / key
    if (folder / f"{HEADER}.gch").is_file():
        return str(folder)
    header = _header_path(compiler, flags)
    return _made(compiler, flags, header, folder) if header else None


def _header_path(compiler: str, flags: tuple[str, ...]) -> str | None:
    """Where this g++ finds the header: the preprocessor's first line marker for it."""
    try:
        said = subprocess.run(
            [compiler, *flags, "-x", "c++", "-E", "-"],
            input=f"#include <{HEADER}>\n",
            capture_output=True,
            text=True,
            timeout=BUILD_TIMEOUT_S,
            check=False,
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r'^# \d+ "([^"]*/bits/stdc\+\+\.h)"', said, re.MULTILINE)
    return found.group(1) if found else None


def _made(compiler: str, flags: tuple[str, ...], header: str, folder: Path) -> str | None:
    """Compile into a fresh folder, then rename it into place: a grader beside this one
    sees the whole header or none."""
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".partial-", dir=folder.parent))
    except OSError:
        return None
    try:
        (scratch / "bits").mkdir()
        made = subprocess.run(
            [compiler, *flags, "-x", "c++-header", header, "-o", str(scratch / f"{HEADER}.gch")],
            capture_output=True,
            timeout=BUILD_TIMEOUT_S,
            check=False,
        )
        if made.returncode != 0:
            return None
        os.chmod(scratch, 0o755)  # the sandbox's unprivileged uid reads it
        with contextlib.suppress(OSError):  # another grader made it first: theirs is used
            scratch.rename(folder)
        return str(folder) if (folder / f"{HEADER}.gch").is_file() else None
    except (OSError, subprocess.TimeoutExpired):
        return None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def driver_object(compiler: str, flags: tuple[str, ...], folder: str, source: str) -> str | None:
    """`source` (the driver's submission-independent half) compiled into `folder` (the
    precompiled header's) once; None where it cannot be (the build then compiles it along)."""
    digest = hashlib.sha256("\0".join([compiler, *flags, source]).encode()).hexdigest()[:16]
    target = Path(folder) / f"grader-driver-{digest}.o"
    if target.is_file():
        return str(target)
    try:
        with tempfile.TemporaryDirectory(prefix=".partial-", dir=folder) as scratch:
            unit = Path(scratch) / "driver.cpp"
            unit.write_text(source, encoding="utf-8")
            made = subprocess.run(
                [compiler, *flags, "-c", "-o", str(Path(scratch) / "driver.o"), str(unit)],
                capture_output=True,
                timeout=BUILD_TIMEOUT_S,
                check=False,
            )
            if made.returncode != 0:
                return None
            os.chmod(Path(scratch) / "driver.o", 0o644)
            os.replace(Path(scratch) / "driver.o", target)  # whole or not at all
    except (OSError, subprocess.TimeoutExpired):
        return None
    return str(target)
