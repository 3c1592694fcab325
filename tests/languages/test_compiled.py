"""C++ and Rust from the student's side: the lessons' code, errors on the student's lines,
builds cached by content, and a missing toolchain said in one line."""

from __future__ import annotations

import os
import shutil

import pytest

from grader.cli import main
from grader.kinds import grade, load_answers, load_problem
from grader.languages import cpp_toolchain, rust
from grader.languages.build_cache import cache_dir
from grader.verdicts import Verdict

from ..conftest import PROBLEMS, SUBMISSIONS, require, require_language

LESSON_RUST = SUBMISSIONS / "nqueens" / "accepted" / "lesson.rs"
CPP = SUBMISSIONS / "nqueens" / "accepted" / "backtracking.cpp"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def toolchains() -> None:
    require(shutil.which("g++") is not None, "g++", "apt-get install g++")
    require(shutil.which("rustc") is not None, "rustc", "apt-get install rustc")


@pytest.mark.sandbox
def test_the_rust_lesson_pasted_verbatim_is_accepted_with_times(capsys) -> None:
    toolchains()
    assert main(["grade", "--sandbox", "process", str(LESSON_RUST)]) == 0
    out = capsys.readouterr().out
    assert "(rust): AC accepted, score 10/10" in out
    assert "hidden 4 AC" in out and " MiB " in out


def test_a_type_error_points_at_the_students_line(
    make_submission, nqueens, nqueens_answers, sandbox
) -> None:
    toolchains()
    source = (
        "class Solution {\n"
        "public:\n"
        "    vector<vector<int>> solveNQueens(int n) {\n"
        "        int *wrong = n;\n"
        "        return {};\n"
        "    }\n"
        "};\n"
    )
    result = grade(nqueens, nqueens_answers, make_submission(source, "mine.cpp"), sandbox)
    assert result.verdict is Verdict.CE
    assert result.compile_output.startswith("mine.cpp:4:")
    assert "grader-driver" not in result.compile_output and "main.cpp" not in result.compile_output


def test_identical_sources_are_compiled_once(
    make_submission, nqueens, nqueens_answers, sandbox
) -> None:
    toolchains()
    first = grade(nqueens, nqueens_answers, make_submission(CPP.read_bytes(), "a.cpp"), sandbox)
    cached = sorted(cache_dir().iterdir())
    again = grade(nqueens, nqueens_answers, make_submission(CPP.read_bytes(), "a.cpp"), sandbox)
    assert first.verdict is again.verdict is Verdict.AC
    # The first may leave two builds: on a fresh machine it also measures the language's
    # load with a program of its own (judge/startup.py); the second builds nothing.
    assert 1 <= len(cached) <= 2 and sorted(cache_dir().iterdir()) == cached


@pytest.mark.sandbox
def test_a_missing_compiler_is_one_line_naming_the_package(capsys, monkeypatch) -> None:
    real_which = shutil.which
    monkeypatch.setattr(
        cpp_toolchain.shutil, "which", lambda name: None if name == "g++" else real_which(name)
    )
    cpp_toolchain.compiler.cache_clear()
    try:
        assert main(["grade", "--sandbox", "process", str(CPP)]) == 2
    finally:
        cpp_toolchain.compiler.cache_clear()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "apt-get install g++" in err


def test_a_compile_that_reads_forever_is_stopped_and_is_a_compile_error(
    make_submission, nqueens, nqueens_answers, monkeypatch, process_sandbox
) -> None:
    toolchains()
    from grader.languages import compiled
    from grader.limits import Limits

    monkeypatch.setattr(compiled, "BUILD_LIMITS", Limits(2.0, 3.0, 2048, 256))
    source = '#include "/dev/zero"\n'  # the compiler reads forever (kjudge #82's cousin)
    result = grade(nqueens, nqueens_answers, make_submission(source, "slow.cpp"), process_sandbox)
    assert result.verdict is Verdict.CE
    said = result.compile_output
    assert any(
        stopped in said for stopped in ("took longer than 2 s", "used more than", "out of memory")
    ), said


def test_rust_keeps_its_own_struct(make_submission, nqueens, nqueens_answers, sandbox) -> None:
    toolchains()
    source = "pub struct Solution;\n" + LESSON_RUST.read_text()
    result = grade(nqueens, nqueens_answers, make_submission(source, "own_struct.rs"), sandbox)
    assert result.verdict is Verdict.AC, result.compile_output
    assert rust.Rust().id == "rust"


def test_a_toolchain_is_looked_up_again_for_another_path(tmp_path, monkeypatch) -> None:
    """A warm grader serves callers with different PATHs: each gets the g++ on its own."""
    require_language("cpp")
    fake = tmp_path / "bin" / "g++"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'g++ (fake) 0.1'\n")
    fake.chmod(0o755)
    real_path = os.environ.get("PATH", "")
    real = cpp_toolchain.compiler()
    monkeypatch.setenv("PATH", f"{fake.parent}:{real_path}")
    assert cpp_toolchain.compiler() == (str(fake), "g++ (fake) 0.1")
    monkeypatch.setenv("PATH", real_path)
    assert cpp_toolchain.compiler() == real


# N-Queens keeping the queens placed as LeetCode's Pair<row, column>, as public solutions do.
PAIR_QUEENS = """IMPORT
class Solution {
    public List<List<String>> solveNQueens(int n) {
        List<List<String>> boards = new ArrayList<>();
        place(n, 0, new ArrayList<>(), boards);
        return boards;
    }

    private void place(
            int n, int row, List<Pair<Integer, Integer>> queens, List<List<String>> boards) {
        if (row == n) {
            char[][] grid = new char[n][n];
            for (char[] line : grid) Arrays.fill(line, '.');
            for (Pair<Integer, Integer> queen : queens) {
                grid[queen.getKey()][queen.getValue()] = 'Q';
            }
            List<String> board = new ArrayList<>();
            for (char[] line : grid) board.add(new String(line));
            boards.add(board);
            return;
        }
        for (int column = 0; column < n; column++) {
            boolean free = true;
            for (Pair<Integer, Integer> queen : queens) {
                int r = queen.getKey(), c = queen.getValue();
                if (c == column || Math.abs(r - row) == Math.abs(c - column)) free = false;
            }
            if (free) {
                queens.add(new Pair<>(row, column));
                place(n, row + 1, queens, boards);
                queens.remove(queens.size() - 1);
            }
        }
    }
}
"""
OWN_PAIR = """
class Pair<K, V> {
    private final K k; private final V v;
    Pair(K k, V v) { this.k = k; this.v = v; }
    K getKey() { return k; }
    V getValue() { return v; }
}
"""


@pytest.mark.sandbox
@pytest.mark.parametrize(
    "imported, own",
    [("", ""), ("import javafx.util.Pair;", ""), ("", OWN_PAIR)],
    ids=["in scope", "javafx import", "its own Pair"],
)
def test_java_has_leetcode_s_pair(imported, own, make_submission, process_sandbox) -> None:
    require_language("java")
    boards = load_problem(PROBLEMS / "nqueens-boards")
    source = PAIR_QUEENS.replace("IMPORT", imported) + own
    submission = make_submission(source, "Solution.java")
    result = grade(boards, load_answers(boards), submission, process_sandbox)
    assert result.verdict is Verdict.AC, result.compile_output or result.tests
