"""The CI report formats, from one fixed report: JUnit read back by a JUnit reader, the
Gradescope results.json against its documented schema, GitHub workflow commands."""

from __future__ import annotations

import json

import jsonschema
import junitparser
import pytest

from grader import results
from grader.cli import main
from grader.reports import REPORTERS
from grader.reports.github import markdown_summary
from grader.results import Report, SandboxInfo, SubmissionResult
from grader.verdicts import Verdict

from ..conftest import SUBMISSIONS
from ..schemas.gradescope import RESULTS_SCHEMA


def _test(name, verdict, line, hidden=False, message="", board=""):
    accepted = verdict is Verdict.AC
    return results.TestResult(
        name=name,
        input=None if hidden else {"n": int(name[1:])},
        hidden=hidden,
        verdict=verdict,
        time_s=0.001,
        wall_s=0.002,
        memory_kib=10240,
        score=1 if accepted else 0,
        max_score=1,
        message=message or ("correct" if accepted else "wrong"),
        board=board,
        line=line,
    )


REPORT = Report(
    problem="nqueens",
    problem_file="problems/nqueens/problem.yaml",
    sandbox=SandboxInfo("process", ("namespaces",)),
    results=(
        SubmissionResult(
            "sol.py",
            "python",
            Verdict.WA,
            1,
            3,
            "",
            (
                _test("n1", Verdict.AC, 40),
                _test(
                    "n2",
                    Verdict.WA,
                    41,
                    message="queens in rows 0 and 1\nshare a diagonal",
                    board="X .\n. X",
                ),
                _test("n9", Verdict.WA, 48, hidden=True, message="wrong answer on a hidden test"),
            ),
            entry_line=3,
        ),
        SubmissionResult("bad.cpp", "cpp", Verdict.CE, 0, 3, "bad.cpp:6:24: error: conversion", ()),
    ),
)


def test_junit_reads_back_with_a_junit_reader() -> None:
    xml = junitparser.JUnitXml.fromstring(REPORTER("junit"))
    suites = list(xml)
    assert [suite.name for suite in suites] == ["sol.py", "bad.cpp"]
    cases = list(suites[0])
    assert [case.name for case in cases] == ["n1", "n2", "n9 (hidden)"]
    assert cases[0].is_passed
    [failure] = cases[1].result
    assert isinstance(failure, junitparser.Failure)
    assert failure.type == "WA" and failure.message == "queens in rows 0 and 1"
    assert "X .\n. X" in failure.text
    assert cases[1]._elem.get("file") == "sol.py"  # the student's, at the function graded
    assert cases[1]._elem.get("line") == "3"
    [error] = list(suites[1])[0].result
    assert isinstance(error, junitparser.Error) and "bad.cpp:6:24" in error.text
    assert (suites[0].tests, suites[0].failures) == (3, 2)


def test_gradescope_results_match_the_documented_schema() -> None:
    document = json.loads(REPORTER("gradescope"))
    jsonschema.validate(document, RESULTS_SCHEMA)
    assert set(document) >= {"score", "max_score", "execution_time", "output", "tests"}
    assert (document["score"], document["max_score"]) == (1, 6)
    for test in document["tests"]:
        assert set(test) == {"name", "score", "max_score", "status", "output", "visibility"}
        assert test["status"] in ("passed", "failed")
        assert test["visibility"] in ("visible", "hidden", "after_due_date", "after_published")
    hidden = [test for test in document["tests"] if test["name"].endswith("n9")]
    assert hidden[0]["visibility"] == "after_published"
    assert "9" not in hidden[0]["output"]  # neither its input nor its answer
    build = [test for test in document["tests"] if test["name"].endswith("build")]
    assert build[0]["status"] == "failed" and "bad.cpp:6:24" in build[0]["output"]


def test_github_annotations_land_in_the_students_file_and_escape_newlines() -> None:
    lines = REPORTER("github").splitlines()
    errors = [line for line in lines if line.startswith("::error ")]
    assert errors[0].startswith("::error file=sol.py,line=3,title=n2%3A WA ")
    assert "queens in rows 0 and 1%0Ashare a diagonal" in errors[0]
    assert any(line.startswith("::error file=bad.cpp,line=6,") for line in errors)
    summary = markdown_summary(REPORT)
    assert "| `sol.py` | python | WA | 1/3 | n2 (WA), n9 (WA) |" in summary


@pytest.mark.sandbox
def test_the_cli_appends_the_summary_for_github(tmp_path, monkeypatch, capsys) -> None:
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    wrong = SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py"
    assert main(["grade", "--sandbox", "process", "--format", "github", str(wrong)]) == 1
    # The line that declares solve_n_queens in the student's file (its diff shows it there).
    declared = wrong.read_text().splitlines().index("def solve_n_queens(n):") + 1
    assert f"::error file={wrong},line={declared}," in capsys.readouterr().out
    assert "| WA |" in summary.read_text()


@pytest.mark.parametrize("name", ["junit", "gradescope", "github"])
def test_every_format_is_registered(name) -> None:
    assert name in REPORTERS


def REPORTER(name: str) -> str:  # noqa: N802 - reads as the format's name
    return REPORTERS[name](REPORT, False)


def test_the_text_table_fits_its_longest_test_name() -> None:
    """`n10 (hidden)` is 12 characters: its verdict still stands apart from it."""
    long_names = SubmissionResult(
        "sol.py",
        "python",
        Verdict.AC,
        2,
        2,
        "",
        (_test("n1", Verdict.AC, 40), _test("n10", Verdict.AC, 41, hidden=True)),
    )
    report = Report(REPORT.problem, REPORT.problem_file, REPORT.sandbox, (long_names,))
    lines = REPORTERS["text"](report, color=False).splitlines()
    rows = [line for line in lines if line.lstrip().startswith("n1")]
    assert rows[1].startswith("  n10 (hidden) AC")
    assert rows[0].index("AC") == rows[1].index("AC")


def test_a_long_input_is_cut_to_its_start_and_size() -> None:
    """A hidden test of 2,000 items, shown to the instructor: its start and its size."""
    long_input = results.TestResult(
        name="big",
        input={"nums": list(range(2000))},
        hidden=False,
        verdict=Verdict.WA,
        time_s=0.0,
        wall_s=0.0,
        memory_kib=0,
        score=0,
        max_score=1,
        message="wrong",
    )
    result = SubmissionResult("sol.py", "python", Verdict.WA, 0, 1, "", (long_input,))
    report = Report(REPORT.problem, REPORT.problem_file, REPORT.sandbox, (result,))
    text = REPORTERS["text"](report, color=False)
    title = next(line for line in text.splitlines() if "First failure" in line)
    assert title.startswith("  First failure: big with nums = [0, 1, 2,")
    assert title.endswith("… (2000 items in all)") and len(title) < 300
