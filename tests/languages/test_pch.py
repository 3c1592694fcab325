"""C++'s precompiled <bits/stdc++.h>: made once per g++ and flags, found by every build in the
sandbox, and never a reason for a build to fail."""

from __future__ import annotations

import shutil
from pathlib import Path

from grader.languages.cpp import Cpp, precompiled_header
from grader.languages.cpp_toolchain import flags
from grader.languages.pch import HEADER, precompiled_folder
from grader.sandbox.base import Compiled, RunOutcome, Termination
from grader.sandbox.fake import FakeSandbox
from grader.submission import Submission

from ..conftest import SUBMISSIONS, require_language

SOURCE = (SUBMISSIONS / "nqueens" / "accepted" / "backtracking.cpp").read_bytes()


def test_it_is_made_once_and_reused() -> None:
    require_language("cpp")
    folder = precompiled_header()
    assert folder is not None
    made = Path(folder, f"{HEADER}.gch")
    assert made.stat().st_size > 1_000_000
    before = made.stat().st_mtime_ns
    assert precompiled_folder(shutil.which("g++") or "g++", flags()) == folder
    assert made.stat().st_mtime_ns == before


def test_every_build_finds_it_read_only_in_the_sandbox(nqueens, tmp_path, monkeypatch) -> None:
    require_language("cpp")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # no cached build: it compiles
    built = Compiled(RunOutcome(Termination.EXITED, None, 0.0, 0.0, 0, exit_code=0), b"binary")
    sandbox = FakeSandbox(
        lambda args: RunOutcome(Termination.EXITED, None, 0.0, 0.0, 0), built=built
    )
    Cpp().build(Submission(Path("main.cpp"), "main.cpp", "cpp", SOURCE), nqueens, sandbox)
    [program] = sandbox.programs
    folder = precompiled_header()
    assert folder is not None
    assert program.argv[program.argv.index("-I") + 1] == folder
    assert folder in program.runtime_dirs  # bound read-only, as every runtime tree


def test_a_compiler_that_cannot_make_it_leaves_builds_as_they_were() -> None:
    assert precompiled_folder("/nonexistent/g++", flags()) is None
