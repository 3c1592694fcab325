"""C++ as LeetCode compiles it: the newest dialect this g++ takes (C++23 on g++ 11 and
later), clang where g++ lacks a feature of the language (deducing this), and a hint naming
the g++ that has a feature this one lacks, where its error does not say so."""

from __future__ import annotations

import pytest

from grader.kinds import grade, load_answers, load_problem
from grader.languages import cpp
from grader.languages.cpp_hints import explained
from grader.languages.cpp_toolchain import clang, standard
from grader.verdicts import Verdict

from ..conftest import PROBLEMS, require, require_language

CPP23_QUEENS = """
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        vector<vector<string>> out;
        vector<int> cols;
        set<int> used;
        auto place = [&](auto& self, int row) -> void {
            if (row == n) {
                vector<string> board;
                for (int c : cols) {
                    string line(n, '.');
                    line[c] = 'Q';
                    board.push_back(line);
                }
                out.push_back(board);
                return;
            }
            for (int c : views::iota(0, n)) {
                if (used.contains(c)) continue;  // C++20
                bool safe = ranges::none_of(views::iota(0, row), [&](int r) {
                    return abs(cols[r] - c) == row - r;
                });
                if (!safe) continue;
                cols.push_back(c), used.insert(c);
                self(self, row + 1);
                cols.pop_back(), used.erase(c);
            }
        };
        place(place, 0);
        ranges::sort(out);
        return out;
    }
};
"""
DEDUCING_THIS = """
class Solution {
public:
    vector<vector<string>> solveNQueens(int n) {
        vector<vector<string>> out;
        auto dfs = [&](this auto&& self, int row) -> void { if (row < n) self(row + 1); };
        dfs(0);
        return out;
    }
};
"""


def test_the_newest_dialect_this_g_plus_plus_takes_is_used() -> None:
    require_language("cpp")
    assert standard() in ("gnu++23", "gnu++20", "gnu++17")


@pytest.mark.sandbox
def test_a_cpp20_solution_is_accepted(make_submission, process_sandbox) -> None:
    require_language("cpp")
    if standard() == "gnu++17":
        pytest.skip("this g++ is older than 10: it has no C++20")
    boards = load_problem(PROBLEMS / "nqueens-boards")  # LeetCode 51's board strings
    submission = make_submission(CPP23_QUEENS, "solution.cpp")
    result = grade(boards, load_answers(boards), submission, process_sandbox)
    assert result.verdict is Verdict.AC, result.compile_output


@pytest.mark.sandbox
def test_deducing_this_is_built_by_clang_where_g_plus_plus_lacks_it(
    make_submission, nqueens, nqueens_answers, process_sandbox
) -> None:
    require_language("cpp")
    require(clang() is not None, "clang++ 18 or later", "apt-get install clang-19")
    submission = make_submission(DEDUCING_THIS, "solution.cpp")
    result = grade(nqueens, nqueens_answers, submission, process_sandbox)
    assert result.verdict is not Verdict.CE, result.compile_output


@pytest.mark.sandbox
def test_without_clang_deducing_this_says_what_to_write(
    make_submission, nqueens, nqueens_answers, process_sandbox, monkeypatch
) -> None:
    require_language("cpp")
    monkeypatch.setattr(cpp, "clang", lambda: None)
    submission = make_submission(DEDUCING_THIS, "solution.cpp")
    result = grade(nqueens, nqueens_answers, submission, process_sandbox)
    if result.verdict is not Verdict.CE:
        pytest.skip("this g++ compiles deducing this (g++ 14 or later)")
    assert "deducing this" in result.compile_output
    assert "g++ 14" in result.compile_output and "function<void(int)> dfs" in result.compile_output


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("a.cpp:6:24: error: expected identifier before ‘this’", "deducing this"),
        ("a.cpp:3:9: error: 'format' is not a member of 'std'", "std::format arrives with g++ 13"),
        ("a.cpp:3:9: error: ‘println’ is not a member of ‘std’", "std::print and std::println"),
        ("a.cpp:3:9: error: ‘to’ is not a member of ‘std::ranges’", "std::ranges::to arrives"),
        ("a.cpp:3:9: error: ‘x’ was not declared in this scope", None),
    ],
)
def test_an_error_a_newer_g_plus_plus_avoids_names_it(said: str, named: str | None) -> None:
    require_language("cpp")
    text = explained(said)
    assert text.startswith(said)
    if named is None:
        assert text == said
    else:
        assert named in text and "This judge compiles C++" in text
