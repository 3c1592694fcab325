"""The uids runs and builds get, no two graders on one host alike.

A uid is what the kernel counts RLIMIT_NPROC by, what signals and the keyring are shared by,
and what Docker's containers share with the host: two graders numbering their runs from the
same base (two students, two CI jobs, a service's workers) would let a fork bomb graded by
one make a correct threaded file graded by the other RTE. So each grader holds a block of
uids of its own for as long as it lives: an exclusive flock on the block's file, which the
kernel releases however the grader ends (a crash, a kill -9). A block taken over from a
grader that died may still have that grader's runs alive (a container, a process that has
not yet seen its parent's death): they are killed first. Within a block, every run and build
gets the next uid; one comes round again only after BLOCK_SIZE more.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import itertools
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Final

RUN_UID_BASE: Final = 1_500_000_000  # far above any account or subordinate-id range
BLOCK_SIZE: Final = 65_536
BLOCKS: Final = 4_096  # RUN_UID_BASE + BLOCKS * BLOCK_SIZE stays below 2**31
# Root's lock files live in /run (never another user's to plant); anyone else's graders
# share a sticky folder, where nobody can take another's file away.
ROOT_LOCKS: Final = Path("/run/grader-uids")
SHARED_LOCKS: Final = Path("/tmp/grader-uids")


class UidBlock:
    """The block of uids this grader holds, and the next uid of it."""

    def __init__(self, directory: Path | None = None, base: int = RUN_UID_BASE) -> None:
        """Take the first free block of those from `base` on. Raises OSError where no lock
        file can be made."""
        folder = directory or (ROOT_LOCKS if os.geteuid() == 0 else SHARED_LOCKS)
        _make_folder(folder, 0o755 if os.geteuid() == 0 else 0o1777)
        self._fd = -1
        for index in range(BLOCKS):
            fd = _lock_file(folder / f"{index}.lock")
            if fd is None:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                os.close(fd)
                if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                    continue
                raise
            self._fd = fd
            self.first = base + index * BLOCK_SIZE
            break
        else:
            raise OSError(errno.EBUSY, f"all {BLOCKS} blocks of run uids are held")
        self._counter = itertools.count()
        kill_processes_of(self.uids)

    def next(self) -> int:
        """A uid no run or build of this grader had in its last BLOCK_SIZE (thread-safe:
        a count's next is one step under the GIL)."""
        return self.first + next(self._counter) % BLOCK_SIZE

    @property
    def uids(self) -> range:
        return range(self.first, self.first + BLOCK_SIZE)

    def __contains__(self, uid: int) -> bool:
        return uid in self.uids

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def _make_folder(folder: Path, mode: int) -> None:
    with contextlib.suppress(FileExistsError):
        folder.mkdir(mode=mode)
        os.chmod(folder, mode)  # mkdir's mode is narrowed by the umask
    if folder.is_symlink() or not folder.is_dir():
        raise OSError(errno.ENOTDIR, f"{folder} is not a folder")


def _lock_file(path: Path) -> int | None:
    """A descriptor of the lock file, made if missing; None if another user's cannot be
    opened (then that block is theirs)."""
    try:
        return os.open(path, os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except PermissionError:
        return None


def process_uids(living: bool = False) -> Iterator[tuple[int, int]]:
    """(pid, real uid) of every process on the host; `living`: zombies left out (one can do
    nothing more, and a signal to it is lost)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            # Not the folder's owner: a process that made itself undumpable shows as root's.
            with open(f"/proc/{entry}/status", "rb") as status:
                fields = dict(line.split(b":", 1) for line in status if b":" in line)
            uid = int(fields[b"Uid"].split()[0])
        except (OSError, KeyError, ValueError):
            continue
        if living and fields.get(b"State", b"").strip().startswith(b"Z"):
            continue
        yield int(entry), uid


def kill_processes_of(uids: range) -> list[int]:
    """SIGKILL every living process whose real uid is in `uids`; their pids."""
    killed = []
    for pid, uid in process_uids(living=True):
        if uid in uids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
    return killed
