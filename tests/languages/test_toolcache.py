"""What a language's builds share, made once (C++'s driver object, Rust's driver library,
Java's build tool): every build links or runs it from a folder shown read-only, and where it
cannot be made, builds compile everything themselves as before."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from grader.languages import cpp, rust
from grader.languages.java import Java
from grader.languages.toolcache import made_once
from grader.sandbox.base import Compiled, Program, RunOutcome, Termination
from grader.sandbox.fake import FakeSandbox
from grader.submission import Submission

from ..conftest import SUBMISSIONS, require_language

ACCEPTED = SUBMISSIONS / "nqueens" / "accepted"


def _build_program(language, name: str, nqueens, tmp_path, monkeypatch) -> Program:
    """The compile step a build asks the sandbox for (a fake one: nothing runs)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # no cached build: it compiles
    built = Compiled(RunOutcome(Termination.EXITED, None, 0.0, 0.0, 0, exit_code=0), b"binary")
    sandbox = FakeSandbox(
        lambda args: RunOutcome(Termination.EXITED, None, 0.0, 0.0, 0), built=built
    )
    source = (ACCEPTED / name).read_bytes()
    language.build(Submission(Path(name), name, language.id, source), nqueens, sandbox)
    [program] = sandbox.programs
    return program


def _source(program: Program) -> str:
    return b"".join(content for _, content in program.files).decode()


def test_cpp_builds_link_the_driver_object(nqueens, tmp_path, monkeypatch) -> None:
    require_language("cpp")
    program = _build_program(cpp.Cpp(), "backtracking.cpp", nqueens, tmp_path, monkeypatch)
    library = cpp.driver_library_object()
    assert library is not None and program.argv[-1] == library
    assert str(Path(library).parent) in program.runtime_dirs
    assert "int serve(Call call);" in _source(program)  # declared, compiled elsewhere
    assert "int serve(Call call) {" not in _source(program)


def test_cpp_compiles_the_driver_along_without_the_object(nqueens, tmp_path, monkeypatch) -> None:
    require_language("cpp")
    monkeypatch.setattr(cpp, "driver_library_object", lambda: None)
    program = _build_program(cpp.Cpp(), "backtracking.cpp", nqueens, tmp_path, monkeypatch)
    assert not any(part.endswith(".o") for part in program.argv)
    assert "int serve(Call call) {" in _source(program)


def test_rust_builds_link_the_driver_library(nqueens, tmp_path, monkeypatch) -> None:
    require_language("rust")
    program = _build_program(rust.Rust(), "lesson.rs", nqueens, tmp_path, monkeypatch)
    library = rust.driver_library()
    assert library is not None
    assert program.argv[program.argv.index("--extern") + 1] == f"grader_driver={library}"
    assert str(Path(library).parent) in program.runtime_dirs
    assert "pub fn serve(" not in _source(program)


def test_rust_compiles_the_driver_along_as_a_module(nqueens, tmp_path, monkeypatch) -> None:
    require_language("rust")
    monkeypatch.setattr(rust, "driver_library", lambda: None)
    program = _build_program(rust.Rust(), "lesson.rs", nqueens, tmp_path, monkeypatch)
    assert "--extern" not in program.argv
    assert "mod grader_driver {" in _source(program) and "pub fn serve(" in _source(program)


def test_java_builds_run_the_archived_build_tool(nqueens, tmp_path, monkeypatch) -> None:
    require_language("java")
    program = _build_program(Java(), "Solution.java", nqueens, tmp_path, monkeypatch)
    assert "GraderBuild" in program.argv
    [archive] = [part for part in program.argv if part.startswith("-XX:SharedArchiveFile=")]
    folder = Path(archive.split("=", 1)[1]).parent
    assert (folder / "build.jar").is_file() and str(folder) in program.runtime_dirs


def test_a_tool_is_made_once_readable_by_every_run(tmp_path) -> None:
    folder = tmp_path / "made" / "key"
    assert made_once(
        folder, ("out/tool",), lambda s: [["sh", "-c", "mkdir out; echo x > out/tool"]]
    )
    assert (folder / "out" / "tool").read_text() == "x\n"
    assert stat.S_IMODE((folder / "out" / "tool").stat().st_mode) == 0o644
    assert stat.S_IMODE(folder.stat().st_mode) == 0o755

    def never(scratch: Path) -> list[list[str]]:
        raise AssertionError("made again")

    assert made_once(folder, ("out/tool",), never)
    assert [p.name for p in folder.parent.iterdir()] == ["key"]  # no scratch left


@pytest.mark.parametrize("step", [["false"], ["sh", "-c", "echo no output here"]])
def test_a_tool_that_cannot_be_made_leaves_nothing(tmp_path, step) -> None:
    folder = tmp_path / "made" / "key"
    assert not made_once(folder, ("tool",), lambda s: [step])
    assert not folder.exists() and list(folder.parent.iterdir()) == []
