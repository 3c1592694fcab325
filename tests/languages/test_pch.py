"""C++'s precompiled <bits/stdc++.h>: made once per g++ and flags, found by every build in the
sandbox, and never a reason for a build to fail."""

from __future__ import annotations

import shutil
from pathlib import Path

from grader.judge import grade
from grader.languages.cpp import Cpp, common_precompiled_header, precompiled_header
from grader.languages.cpp_toolchain import flags
from grader.languages.pch import HEADER, precompiled_folder
from grader.sandbox.base import Compiled, RunOutcome, Termination
from grader.sandbox.fake import FakeSandbox
from grader.submission import Submission
from grader.verdicts import Verdict

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
    [program] = sandbox.programs  # it built: the common headers were enough
    folder = common_precompiled_header()
    assert folder is not None and folder != precompiled_header()
    assert program.argv[program.argv.index("-I") + 1] == folder
    assert folder in program.runtime_dirs  # bound read-only, as every runtime tree


def test_the_common_headers_are_fewer_and_load_faster() -> None:
    require_language("cpp")
    common, whole = common_precompiled_header(), precompiled_header()
    assert common is not None and whole is not None
    size = Path(common, f"{HEADER}.gch").stat().st_size
    assert 1_000_000 < size < Path(whole, f"{HEADER}.gch").stat().st_size


def test_a_file_needing_more_than_the_common_headers_is_built_against_them_all(
    nqueens, nqueens_answers, process_sandbox
) -> None:
    """std::regex is in <bits/stdc++.h> but not among the common headers: the quick build
    fails, the whole header's stands."""
    require_language("cpp")
    source = SOURCE.replace(
        b"vector<vector<int>> solveNQueens(int n) {",
        b'vector<vector<int>> solveNQueens(int n) {\n        regex unused("q+");',
    )
    assert source != SOURCE
    result = grade(
        nqueens, nqueens_answers, Submission(Path("s.cpp"), "s.cpp", "cpp", source), process_sandbox
    )
    assert result.verdict is Verdict.AC, result.compile_output


def test_a_compiler_that_cannot_make_it_leaves_builds_as_they_were() -> None:
    assert precompiled_folder("/nonexistent/g++", flags()) is None
