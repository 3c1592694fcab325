"""The files of a run, whichever backend runs it: where they are inside the sandbox, which
host files are shown or masked, and the one way a program's files go in and a build's
artifact comes out. (The in-sandbox runners, which cannot import the grader, repeat the
name check: `_launcher.py`, `_zygote.py`.)"""

from __future__ import annotations

import os
import stat
from typing import Final

WORKDIR: Final = "/tmp"  # inside the sandbox: the tmpfs, the working and home directory
WORKDIR_BYTES: Final = 16 * 1024 * 1024
OUTPUT_DIR: Final = "out"  # a build's artifact goes here, relative to the work directory
BUILD_WORKDIR_BYTES: Final = 256 * 2**20  # compilers keep temporary files in the work dir
MAX_ARTIFACT_BYTES: Final = 64 * 2**20  # a build's output (a static binary, a jar)
# The docker backend's socket beside the program's files: no program file may take its name.
CHANNEL_NAME: Final = "channel"
SYSTEM_TREES: Final = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
SYSTEM_FILES: Final = (
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/alternatives",
    "/etc/localtime",
)
# Host information no run needs, and counters that change with what other runs do (a
# covert channel between runs at the same time): shown as empty files. /proc/keys and
# key-users list the kernel's keys; cmdline, the host's boot line; stat and loadavg count
# every process and fork of the machine.
MASKED_PROC_FILES: Final = (
    "/proc/cmdline",
    "/proc/keys",
    "/proc/key-users",
    "/proc/loadavg",
    "/proc/stat",
    "/proc/kallsyms",
    "/proc/modules",
    "/proc/sched_debug",
    "/proc/timer_list",
    "/proc/interrupts",
    "/proc/softirqs",
    "/proc/schedstat",
    "/proc/diskstats",
    "/proc/latency_stats",
    "/proc/kcore",
    "/proc/vmallocinfo",
    "/proc/pagetypeinfo",
)


def masked_proc_files() -> tuple[str, ...]:
    """MASKED_PROC_FILES that this kernel has (a mount needs its target)."""
    return tuple(path for path in MASKED_PROC_FILES if os.path.exists(path))


def check_file_name(name: str, reserved: tuple[str, ...] = ()) -> None:
    """A program file's name must be one plain name in the work directory, and none of the
    names the backend keeps for itself (`reserved`); OSError otherwise."""
    if "/" in name or "\0" in name or name in {"", ".", "..", *reserved}:
        raise OSError(f"refusing file name {name!r}")


def read_artifact(directory: str, name: str) -> bytes | None:
    """What a build left at `directory/name`, read the only safe way: no link followed, a
    regular file with no other name, not larger than MAX_ARTIFACT_BYTES. None otherwise."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0)
    try:
        folder = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        fd = os.open(name, flags, dir_fd=folder)
    except OSError:
        return None
    finally:
        os.close(folder)
    with os.fdopen(fd, "rb") as handle:
        status = os.fstat(handle.fileno())
        if not stat.S_ISREG(status.st_mode) or status.st_nlink != 1:
            return None
        if status.st_size > MAX_ARTIFACT_BYTES:
            return None
        return handle.read(MAX_ARTIFACT_BYTES + 1)[:MAX_ARTIFACT_BYTES]


def write_new(directory: str, name: str, content: bytes, reserved: tuple[str, ...] = ()) -> None:
    """Create a program file (executable: it may be a binary); never through a link, never
    over an existing file, never under a `reserved` name."""
    check_file_name(name, reserved)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(os.path.join(directory, name), flags, 0o755)
    with os.fdopen(fd, "wb") as handle:
        handle.write(content)


# The artifact of a build run only for how it goes (Sandbox.run where no warm runner does it).
NOTHING_BUILT = "__none__"
