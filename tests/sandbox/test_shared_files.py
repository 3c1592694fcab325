"""A compiled program's file is written once for all the runs that hand over the same bytes
(SharedFiles): each run gets a descriptor of its own onto one sealed in-memory file, which
nobody can change any more, and the files kept are bounded."""

from __future__ import annotations

import errno
import os

import pytest

from grader.sandbox.process.shared_files import (
    SHARED_FILE_BYTES,
    SHARED_FILES_MAX,
    SharedFiles,
)

BINARY = bytes(range(256)) * (SHARED_FILE_BYTES // 256 + 1)


@pytest.fixture
def files():
    shared = SharedFiles()
    yield shared
    shared.close()


def _read(fd: int) -> bytes:
    return os.pread(fd, len(BINARY) + 1, 0)


def test_the_same_bytes_give_one_file_and_a_descriptor_each(files) -> None:
    first, second = files.open("program", BINARY), files.open("program", BINARY)
    try:
        assert first != second
        assert os.fstat(first).st_ino == os.fstat(second).st_ino
        assert _read(first) == _read(second) == BINARY
    finally:
        os.close(first)
        os.close(second)


def test_no_run_can_change_the_shared_file(files) -> None:
    fd = files.open("program", BINARY)
    try:
        for change in (
            lambda: os.pwrite(fd, b"x", 0),
            lambda: os.ftruncate(fd, 1),
            lambda: os.ftruncate(fd, len(BINARY) * 2),
        ):
            with pytest.raises(PermissionError) as refused:
                change()
            assert refused.value.errno == errno.EPERM
        assert _read(fd) == BINARY
    finally:
        os.close(fd)


def test_a_small_file_is_written_for_its_run_alone(files) -> None:
    small = b"print(1)\n"
    first, second = files.open("a.py", small), files.open("a.py", small)
    try:
        assert os.fstat(first).st_ino != os.fstat(second).st_ino
        os.pwrite(first, b"#", 0)  # its own: the other run's is untouched
        assert os.pread(second, 100, 0) == small
    finally:
        os.close(first)
        os.close(second)


def test_equal_bytes_of_another_build_are_another_file_and_the_kept_ones_are_bounded(
    files,
) -> None:
    contents = [bytes(BINARY[:-1]) + bytes([index]) for index in range(SHARED_FILES_MAX + 3)]
    inodes = set()
    for content in contents:
        fd = files.open("program", content)
        inodes.add(os.fstat(fd).st_ino)
        assert _read(fd) == content
        os.close(fd)
    assert len(inodes) == len(contents)
    kept = [name for name in os.listdir("/proc/self/fd") if _is_shared(name)]
    assert len(kept) <= SHARED_FILES_MAX


def _is_shared(fd: str) -> bool:
    try:
        return os.readlink(f"/proc/self/fd/{fd}").startswith("/memfd:grader-program")
    except OSError:
        return False


def test_a_file_larger_than_all_that_is_kept_is_written_for_its_run_alone() -> None:
    files = SharedFiles(max_bytes=len(BINARY) - 1)
    try:
        first, second = files.open("program", BINARY), files.open("program", BINARY)
        try:
            assert os.fstat(first).st_ino != os.fstat(second).st_ino
            assert _read(first) == _read(second) == BINARY
        finally:
            os.close(first)
            os.close(second)
    finally:
        files.close()
