from __future__ import annotations

import os
from pathlib import Path

import pytest

from grader.errors import UsageError
from grader.languages import extensions
from grader.submission import read_submission


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "ada").mkdir()
    (tmp_path / "ada" / "solution.py").write_text("x = 1\n")
    read = read_submission(tmp_path / "ada" / "solution.py", extensions(), tmp_path)
    assert (read.source, read.refused) == (b"x = 1\n", "")


@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_link_below_the_folder_is_refused(tmp_path: Path, where: str) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "solution.py").write_text("secret = 1\n")
    folder = tmp_path / "class"
    (folder / "eve").mkdir(parents=True)
    if where == "file":
        (folder / "eve" / "solution.py").symlink_to(outside / "solution.py")
        path = folder / "eve" / "solution.py"
    else:
        (folder / "eve" / "work").symlink_to(outside)
        path = folder / "eve" / "work" / "solution.py"
    read = read_submission(path, extensions(), folder)
    assert read.source == b""
    assert "symbolic link" in read.refused


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "solution.py")
    read = read_submission(tmp_path / "solution.py", extensions())
    assert "not a regular file" in read.refused


def test_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such file"):
        read_submission(tmp_path / "solution.py", extensions())
