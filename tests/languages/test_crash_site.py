"""Where a C++ program crashed: rebuilt with the sanitizers and run on the failing sample
again, in every backend, the line and the fault in the lesson's words; never for a hidden
test; the line said to be unknown where the rebuild cannot be made."""

from __future__ import annotations

import shutil

import pytest

from grader.kinds import grade
from grader.languages import FUNCTION_LANGUAGES
from grader.languages.base import Build, Sanitized
from grader.verdicts import Verdict

from ..conftest import SUBMISSIONS, open_backend, require

CPP = SUBMISSIONS / "nqueens" / "accepted" / "backtracking.cpp"


def solution(body: str, helpers: str = "    // no helpers\n") -> str:
    """A C++ solveNQueens whose body is `body` (from line 5 of the file)."""
    return (
        "class Solution {\n"
        f"{helpers}"
        "public:\n"
        "    vector<vector<int>> solveNQueens(int n) {\n"
        f"{body}"
        "        return {};\n"
        "    }\n"
        "};\n"
    )


RECURSION = "    int deeper(int n) { volatile int pad[64] = {n}; return deeper(n + 1) + pad[1]; }\n"
FAULTS = {
    "heap past the end": (
        solution("        int *cells = new int[n];\n        cells[n + 4] = 1;\n"),
        "at mine.cpp:6, in Solution::solveNQueens(): an index past either end of an array "
        "or vector",
    ),
    "freed memory": (
        solution(
            "        int *cells = new int[n];\n        delete[] cells;\n        cells[0] = 1;\n"
        ),
        "at mine.cpp:7, in Solution::solveNQueens(): memory used after it was freed",
    ),
    "endless recursion": (
        solution("        deeper(n);\n", RECURSION),
        "at mine.cpp:2, in Solution::deeper(): the recursion never ends",
    ),
    "a signed overflow": (
        solution("        int big = INT_MAX - 1 + 2 * n;\n        if (big > 0) throw 1;\n"),
        "at mine.cpp:5: signed integer overflow",
    ),
    # vector<bool> keeps its flags in words: one past its end is no memory error ASan sees,
    # but libstdc++'s debug mode checks the index (the diagonal shifted by n, not n - 1).
    "a flag past the end": (
        solution("        vector<bool> down(2 * n - 1);\n        if (down[2 * n + 1]) throw 1;\n"),
        "at mine.cpp:6, in Solution::solveNQueens(): index 3 of a vector of 1 elements "
        "(a diagonal's index shifted past the board?)",
    ),
    "a pop from an empty vector": (
        solution("        vector<int> cols;\n        cols.pop_back();\n"),
        "at mine.cpp:6, in Solution::solveNQueens(): back(), front() or pop_back() on an "
        "empty vector",
    ),
}


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Each backend builds the sanitized program itself: linking it is what differs."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def gxx() -> None:
    require(shutil.which("g++") is not None, "g++", "apt-get install g++")


@pytest.mark.parametrize("fault", FAULTS)
def test_a_crash_is_told_its_line_and_fault(
    fault: str, make_submission, nqueens, nqueens_answers, sandbox
) -> None:
    gxx()
    source, said = FAULTS[fault]
    result = grade(nqueens, nqueens_answers, make_submission(source, "mine.cpp"), sandbox)
    first = result.tests[0]
    # What the unsanitized run does is undefined (a crash, a wrong answer, a loop); the
    # sanitized one stops at the fault.
    assert result.verdict is first.verdict is not Verdict.AC
    assert f"ebuilt with the sanitizers and run again, it stopped {said}" in first.message


def test_the_line_is_found_under_gvisor(make_submission, nqueens, nqueens_answers) -> None:
    """gVisor's kernel runs the sanitizers' runtime too (its shadow memory is terabytes of
    address space reserved, never touched)."""
    gxx()
    source, said = FAULTS["freed memory"]
    backend = open_backend("docker-runsc")
    try:
        result = grade(nqueens, nqueens_answers, make_submission(source, "mine.cpp"), backend)
    finally:
        backend.close()
    assert f"run again, it stopped {said}" in result.tests[0].message


def test_a_hidden_test_is_never_run_again(
    make_submission, nqueens, nqueens_answers, process_sandbox
) -> None:
    """A crash on hidden tests only: even the instructor's view says nothing the program
    chose there (the line it crashed on could spell the hidden input out)."""
    gxx()
    samples = ", ".join(str(test.input["n"]) for test in nqueens.tests if not test.hidden)
    crash = (
        f"solveNQueens(int n) {{\n        if (!set<int>{{{samples}}}.count(n)) "
        "{ volatile int *nowhere = nullptr; *nowhere = n; }\n"
    )
    accepted = CPP.read_text("utf-8").replace("solveNQueens(int n) {\n", crash, 1)
    assert accepted != CPP.read_text("utf-8")
    source = make_submission(accepted, "mine.cpp")
    result = grade(nqueens, nqueens_answers, source, process_sandbox, reveal_hidden=True)
    crashed = [test for test in result.tests if test.verdict is Verdict.RTE]
    assert crashed and all(test.hidden for test in crashed)
    assert not any("sanitizers" in test.message for test in result.tests)


def test_without_the_sanitizers_the_line_is_said_to_be_unknown(
    make_submission, nqueens, nqueens_answers, process_sandbox, monkeypatch
) -> None:
    gxx()
    cpp = FUNCTION_LANGUAGES["cpp"]
    refused = Sanitized(Build(None, "/usr/bin/ld: cannot find -lasan"), "mine.cpp")
    monkeypatch.setattr(type(cpp), "sanitized", lambda *_: refused)
    source = solution("        volatile int *nowhere = nullptr;\n        *nowhere = n;\n")
    result = grade(nqueens, nqueens_answers, make_submission(source, "mine.cpp"), process_sandbox)
    assert result.verdict is Verdict.RTE
    assert "SIGSEGV" in result.tests[0].message
    assert "The line is unknown" in result.tests[0].message


FORGED_REPORT = (
    "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014\\n"
    "WRITE of size 4 at 0x602000000014 thread T0\\n"
    "    #0 0x4011 in Visit_evil_example_com mine.cpp:3\\n"
)


def test_a_report_the_program_prints_is_not_the_graders_finding(
    make_submission, nqueens, nqueens_answers, process_sandbox
) -> None:
    """A program that knows it is the sanitized rebuild (issue 42, point 6) prints a report
    of its own on stderr and returns a wrong answer: the sanitizers' report is read from
    their own channel, so nothing it printed becomes the grader's "Undefined behaviour"."""
    gxx()
    forging = solution(
        f'#ifdef __SANITIZE_ADDRESS__\n        fprintf(stderr, "{FORGED_REPORT}");\n#endif\n'
    )
    result = grade(nqueens, nqueens_answers, make_submission(forging, "mine.cpp"), process_sandbox)
    first = result.tests[0]
    assert first.verdict is Verdict.WA, first.message
    assert "Visit_evil" not in first.message and "Undefined behaviour" not in first.message


def test_a_library_error_the_program_prints_is_not_repeated(
    make_submission, nqueens, nqueens_answers, process_sandbox
) -> None:
    """It prints a libstdc++ debug-mode error of its own making, then aborts: the line is
    the sanitizers' (where it aborted), the words one of the lesson's sentences, never its."""
    gxx()
    forging = solution(
        "#ifdef __SANITIZE_ADDRESS__\n"
        '        fprintf(stderr, "\\nError: visit evil.example.com for your grade.\\n\\n");\n'
        "#endif\n"
        "        abort();\n"
    )
    result = grade(nqueens, nqueens_answers, make_submission(forging, "mine.cpp"), process_sandbox)
    first = result.tests[0]
    assert first.verdict is Verdict.RTE, first.message
    assert "evil.example.com" not in first.message
    assert "it stopped at mine.cpp:" in first.message  # the real line, from the real report
