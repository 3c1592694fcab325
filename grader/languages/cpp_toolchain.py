"""C++'s toolchain, found and prepared once per g++: the compiler, its linker, the flags of
every build and of the sanitized rebuild (judge/crash_site.py), and what every build shares,
made in the user's cache (pch.py): the precompiled `<bits/stdc++.h>` and the driver's
submission-independent object, for both sets of flags."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess

from .compiled import DRIVERS, missing_toolchain
from .pch import COMMON_HEADERS, driver_object, precompiled_folder
from .toolcache import per_path, present


@per_path
def compiler() -> tuple[str, str]:
    """(path, version line) of g++, or SandboxUnavailable naming the package."""
    path = shutil.which("g++")
    if path is None:
        raise missing_toolchain("C++", "g++ (Debian/Ubuntu: apt-get install g++)", "no g++")
    version = subprocess.run(
        [path, "--version"], capture_output=True, text=True, check=False
    ).stdout.splitlines()
    return path, version[0] if version else "g++"


@per_path
def linker() -> tuple[str, ...]:
    """gold where binutils has it: a static binary links in two thirds of ld's time (0.07 s
    against 0.10 s of a first build's 0.5 s)."""
    return ("-fuse-ld=gold",) if shutil.which("ld.gold") else ()


# The dialects tried, newest first: LeetCode compiles C++23, so a student's file may be.
STANDARDS = ("gnu++23", "gnu++20", "gnu++17")


@per_path
def standard() -> str:
    """The newest dialect of STANDARDS this g++ takes (g++ 11 and later take gnu++23)."""
    for dialect in STANDARDS:
        tried = subprocess.run(
            [compiler()[0], f"-std={dialect}", "-x", "c++", "-fsyntax-only", "-"],
            input="",
            capture_output=True,
            text=True,
            check=False,
        )
        if tried.returncode == 0:
            return dialect
    return STANDARDS[-1]


def flags() -> tuple[str, ...]:
    """What every build is compiled with, and so what the precompiled header is made with:
    g++ uses it only where they match."""
    return (f"-std={standard()}", "-O2", "-pipe")


# Clang releases that compile deducing this (P0847, Clang 18), newest first: what a file g++
# refuses for a C++23 feature of the language is built again with one of them.
CLANGS = ("clang++-20", "clang++-19", "clang++-18")


@per_path
def clang() -> tuple[str, str] | None:
    """(path, version line) of a clang++ of CLANGS, or None: none is installed."""
    for name in CLANGS:
        path = shutil.which(name)
        if path is not None:
            said = subprocess.run(
                [path, "--version"], capture_output=True, text=True, check=False
            ).stdout.splitlines()
            return path, said[0] if said else name
    return None


def dialect_name() -> str:
    """The dialect as a student reads it: `C++23`."""
    return "C++" + standard().removeprefix("gnu++").replace("2b", "23")


# The rebuild that names a crash's line and fault (judge/crash_site.py): AddressSanitizer,
# UndefinedBehaviorSanitizer stopping at the first fault, libstdc++'s debug mode (every
# container access checked, vector<bool>'s bits too, which ASan cannot see), line tables.
# Their runtimes are linked in: the binary needs only the C library, which every backend
# shows (a sanitized binary cannot be static).
def sanitized_flags() -> tuple[str, ...]:
    return (f"-std={standard()}", *SANITIZED_REST)


SANITIZED_REST = (
    "-O1",
    "-g",
    "-fno-omit-frame-pointer",
    "-pipe",
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-D_GLIBCXX_DEBUG",
)
SANITIZED_LINK = ("-static-libasan", "-static-libubsan", "-static-libstdc++", "-static-libgcc")
# Leak checking needs ptrace, which no sandbox allows; an abort (a failed libstdc++ check)
# shows its stack; the quarantine of freed memory stays small under a test's memory limit.
# Each sanitizer writes its report to a file of the run's (.grader-asan.PID,
# .grader-ubsan.PID: UndefinedBehaviorSanitizer's runtime is a copy of its own), which the
# driver reads and sends on the judge's channel (drivers/driver_lib.cpp), never to stderr.
SANITIZER_OPTIONS = (
    '\nextern "C" const char *__asan_default_options() {\n'
    '    return "detect_leaks=0:handle_abort=1:quarantine_size_mb=16:malloc_context_size=4"\n'
    '           ":log_path=.grader-asan";\n'
    "}\n"
    'extern "C" const char *__ubsan_default_options() {\n'
    '    return "log_path=.grader-ubsan:print_stacktrace=0";\n'
    "}\n"
)


@per_path
def c_library() -> tuple[str, ...]:
    """Where the linker and the loader look for the C library (`/lib/x86_64-linux-gnu`).
    An image keeps only the libraries its Python needs there; a sanitized build links and
    runs against the host's, shown over them."""
    multiarch = subprocess.run(
        [compiler()[0], "-print-multiarch"], capture_output=True, text=True, check=False
    ).stdout.strip()
    folder = f"/lib/{multiarch}"
    return (folder,) if multiarch and os.path.isdir(folder) else ()


@per_path
def _known_precompiled() -> str | None:
    return precompiled_folder(compiler()[0], flags())


@per_path
def _known_common_precompiled() -> str | None:
    return precompiled_folder(compiler()[0], flags(), COMMON_HEADERS)


@functools.cache
def driver_text(name: str) -> str:
    """A driver file of the harness's own, read once (every build appends one)."""
    return (DRIVERS / name).read_text("utf-8")


def driver_library() -> str:
    return driver_text("driver.hpp") + driver_text("driver_lib.cpp")


@per_path
def _known_driver_object() -> str | None:
    return driver_object(compiler()[0], flags(), driver_library())


@per_path
def known_sanitized_precompiled() -> str | None:
    return precompiled_folder(compiler()[0], sanitized_flags())


@per_path
def known_sanitized_driver() -> str | None:
    return driver_object(compiler()[0], sanitized_flags(), driver_library() + SANITIZER_OPTIONS)


def precompiled_header() -> str | None:
    """The precompiled header's folder, made again if the cache was emptied meanwhile."""
    return _known_precompiled.checked(present)


def common_precompiled_header() -> str | None:
    """The folder of the common headers precompiled under <bits/stdc++.h>'s name."""
    return _known_common_precompiled.checked(present)


def driver_library_object() -> str | None:
    """The driver's submission-independent half, compiled; None where it cannot be made."""
    return _known_driver_object.checked(present)
