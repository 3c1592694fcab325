"""What every C++ build shares, made once per g++ and set of flags in the user's cache, from
the system's headers and the harness's own sources, nothing of any submission:

- the precompiled `<bits/stdc++.h>`: the header every C++ submission is compiled with
  (LeetCode's prelude) costs most of a first build (1.5 s of the 1.9 s here); and the
  common headers alone precompiled under its name, which most files need no more than; Each build in
  the sandbox finds it, read-only, in an include folder searched before the system's. g++
  checks a precompiled header against the build's flags and falls back to the header itself
  when they differ: never a wrong build;
- the driver's object (drivers/driver_lib.cpp): the half of the driver that does not depend
  on the submission, 0.4 s of -O2 that every first build would otherwise pay again, linked
  into each build instead (its name carries its source's digest)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Final

from .toolcache import BUILD_TIMEOUT_S, cached_folder, made_once

HEADER: Final = "bits/stdc++.h"
# The headers LeetCode's C++ solutions use, precompiled as one (75 MB, loaded in 0.08 s here)
# under <bits/stdc++.h>'s name: the whole header (127 MB under C++23) takes 0.18 s to load,
# most of a first build. A file this set does not declare enough for is built again against
# the whole header (languages/cpp.py), whose answer stands.
COMMON_HEADERS: Final = (
    "algorithm",
    "array",
    "bitset",
    "cassert",
    "cctype",
    "climits",
    "cmath",
    "cstdint",
    "cstdio",
    "cstdlib",
    "cstring",
    "deque",
    "functional",
    "initializer_list",
    "iomanip",
    "iostream",
    "iterator",
    "limits",
    "list",
    "map",
    "memory",
    "numeric",
    "optional",
    "queue",
    "set",
    "sstream",
    "stack",
    "string",
    "string_view",
    "tuple",
    "type_traits",
    "unordered_map",
    "unordered_set",
    "utility",
    "vector",
)


def precompiled_folder(
    compiler: str, flags: tuple[str, ...], headers: tuple[str, ...] = ()
) -> str | None:
    """A folder holding bits/stdc++.h.gch for `compiler` and `flags`, made the first time
    from the header itself, or from `headers` alone where given; None where it cannot be
    made (the build then reads the header, only slower)."""
    try:
        version = subprocess.run(
            [compiler, "--version"], capture_output=True, text=True, check=False
        ).stdout
    except OSError:
        return None
    # The compiler's own version names its headers: finding the header (a preprocessor run,
    # 0.15 s) is only needed to make it.
    folder = cached_folder("pch", compiler, version, *flags, *headers)
    if (folder / f"{HEADER}.gch").is_file():
        return str(folder)
    header = "common.h" if headers else _header_path(compiler, flags)
    if header is None:
        return None

    def steps(scratch: Path) -> list[list[str]]:
        (scratch / "bits").mkdir()
        if headers:
            included = "".join(f"#include <{name}>\n" for name in headers)
            (scratch / header).write_text(included, encoding="utf-8")
        return [[compiler, *flags, "-x", "c++-header", header, "-o", f"{HEADER}.gch"]]

    return str(folder) if made_once(folder, (f"{HEADER}.gch",), steps) else None


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


def driver_object(compiler: str, flags: tuple[str, ...], source: str) -> str | None:
    """`source` (the driver's submission-independent half) compiled once; None where it
    cannot be (the build then compiles it along)."""
    folder = cached_folder("cpp-driver", compiler, *flags, source)

    def steps(scratch: Path) -> list[list[str]]:
        (scratch / "driver.cpp").write_text(source, encoding="utf-8")
        return [[compiler, *flags, "-c", "-o", "driver.o", "driver.cpp"]]

    return str(folder / "driver.o") if made_once(folder, ("driver.o",), steps) else None
