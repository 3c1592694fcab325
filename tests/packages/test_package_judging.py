"""Problem packages graded and verified in real sandboxes: every submission of our own test
packages gets its folder's verdict (six languages, the default validator's flags, output
validators in Python and C++, a scoring problem in groups, an interactive game), on the
process and the docker backend; what a student is told, and what a broken package says."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.cli import main
from grader.errors import SandboxUnavailable
from grader.kinds import grade, load_problem
from grader.packages import time_limit as package_time
from grader.packages.contest import contest_extensions
from grader.packages.time_limit import with_time_limit
from grader.packages.validation import VALIDATOR_FAILED
from grader.packages.verify import verify_package
from grader.sandbox import Sandbox
from grader.submission import read_submission
from grader.verdicts import Verdict
from tests.conftest import open_backend

pytestmark = pytest.mark.sandbox
HERE = Path(__file__).parent
PACKAGES = ("average", "shout", "anypair", "bigsum", "guessing", "ratio")


@pytest.fixture(scope="module", params=("process", "docker"))
def backend(request: pytest.FixtureRequest) -> Iterator[Sandbox]:
    sandbox = open_backend(request.param)
    yield sandbox
    sandbox.close()


@pytest.fixture(scope="module")
def process() -> Iterator[Sandbox]:
    sandbox = open_backend("process")
    yield sandbox
    sandbox.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", PACKAGES)
def test_every_submission_gets_its_folder_s_verdict(backend: Sandbox, name: str) -> None:
    verification = verify_package(load_problem(HERE / name), backend, 2, lambda line: None)
    assert verification.failures == ()
    graded = verification.matrix.splitlines()
    folders = {line.split("/")[0].strip() for line in graded}
    assert "accepted" in folders and len(folders) >= 2  # not only the accepted ones
    for line in graded:
        folder, verdict = line.split("/")[0].strip(), line.split()[1].rstrip(",")
        wanted = {"accepted": "AC", "partially_accepted": "AC", "wrong_answer": "WA"}
        wanted |= {"time_limit_exceeded": "TLE", "run_time_error": "RTE"}
        assert verdict == wanted[folder], line


def _graded(sandbox: Sandbox, package: Path, source: Path, reveal: bool = False):
    problem = load_problem(package)  # grade computes its time limit where it gives none
    submission = read_submission(source, contest_extensions())
    return grade(problem, {}, submission, sandbox, reveal)


def test_a_sample_says_where_the_output_first_differs(process: Sandbox) -> None:
    result = _graded(
        process, HERE / "average", HERE / "average/submissions/wrong_answer/two_decimals.py"
    )
    assert result.verdict is Verdict.WA
    sample = result.tests[0]
    assert sample.name == "sample/1" and sample.input == {"stdin": "3\n1 2 4\n"}
    assert sample.message == (
        'line 1, token 1: expected "2.333333333", got "2.33" (within 1e-06 absolute or '
        "1e-06 relative)"
    )
    assert sample.output == "2.33\n"


def test_a_hidden_test_tells_the_student_nothing_of_it(process: Sandbox, tmp_path: Path) -> None:
    source = tmp_path / "wrong_on_large.py"
    source.write_text("n = int(input())\nprint(n // 2, n - n // 2) if n < 10**9 else print(0, n)\n")
    shown = _graded(process, HERE / "anypair", source)
    assert shown.verdict is Verdict.WA
    hidden = shown.tests[-1]
    assert (hidden.name, hidden.message, hidden.output, hidden.input) == (
        "hidden 2",
        "wrong answer on a hidden test",
        "",
        None,
    )
    assert "1000000000" not in json.dumps([test.message for test in shown.tests])
    whole = _graded(process, HERE / "anypair", source, reveal=True)
    assert whole.tests[-1].message == "both numbers must be positive"
    assert whole.tests[-1].judge_note == "n = 1000000000: got 0 1000000000"  # the instructor's


def test_a_validator_s_team_message_is_the_student_s(process: Sandbox) -> None:
    result = _graded(process, HERE / "anypair", HERE / "anypair/submissions/wrong_answer/zero.py")
    assert result.tests[0].message == "both numbers must be positive"  # no judge message


def test_a_scoring_problem_scores_by_its_groups(process: Sandbox) -> None:
    int32 = HERE / "bigsum/submissions/partially_accepted/int32.c"
    result = _graded(process, HERE / "bigsum", int32, True)
    assert (result.verdict, result.score, result.max_score) == (Verdict.AC, 30, 100)
    assert [t.name for t in result.tests if t.verdict is not Verdict.AC] == ["secret/group2/1"]
    summed = [(g.name, g.verdict, g.score, g.max_score) for g in result.groups]
    assert summed == [
        ("sample", Verdict.AC, 0, 0),
        ("secret", Verdict.AC, 30, 100),
        ("secret/group1", Verdict.AC, 30, 30),
        ("secret/group2", Verdict.WA, 0, 70),
    ]
    shown = _graded(process, HERE / "bigsum", int32)  # a secret group's name is not shown
    assert [g.name for g in shown.groups] == ["sample", "group 1", "group 2", "group 3"]
    assert [g.score for g in shown.groups] == [0, 30, 30, 0]


def test_a_validator_that_fails_is_the_problem_s_fault(process: Sandbox, tmp_path: Path) -> None:
    shutil.copytree(HERE / "anypair", tmp_path / "anypair")
    broken = tmp_path / "anypair/output_validators/pair/validate.py"
    broken.write_text("import sys\nsys.exit('cannot read the input')\n")
    (tmp_path / "anypair/.timelimit").write_text("2\n")  # none computed from a broken judge
    result = _graded(
        process, tmp_path / "anypair", HERE / "anypair/submissions/accepted/one_and_rest.py"
    )
    assert result.verdict is Verdict.IE and result.tests[0].verdict is Verdict.IE
    assert result.tests[0].message == VALIDATOR_FAILED and not result.tests[0].judge_note
    whole = _graded(
        process, tmp_path / "anypair", HERE / "anypair/submissions/accepted/one_and_rest.py", True
    )
    said = whole.tests[0].judge_note
    assert "anypair: the output validator failed on sample/1 (exit code 1" in said
    assert "cannot read the input" in said


def test_an_input_validator_rejects_a_bad_input(process: Sandbox, tmp_path: Path) -> None:
    shutil.copytree(HERE / "average", tmp_path / "average")
    (tmp_path / "average/data/secret/9-bad.in").write_text("3\n1 2\n")
    (tmp_path / "average/data/secret/9-bad.ans").write_text("1.5\n")
    verification = verify_package(load_problem(tmp_path / "average"), process, 2, lambda _: None)
    assert verification.failures[0] == (
        "data/secret/9-bad.in: rejected by input_validators/validate.py (exit 1, not 42): "
        "expected 3 numbers, 1 to 1000 of them"
    )


def test_a_computed_time_limit_is_measured_once(
    process: Sandbox, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copytree(HERE / "average", tmp_path / "average")
    for path in (tmp_path / "average/submissions/accepted").iterdir():
        if path.name != "average.c":
            path.unlink()
    problem = load_problem(tmp_path / "average")
    first = with_time_limit(problem, process)
    assert first.limits.time_s == 1.0  # a C program's milliseconds x 5, rounded up to 1 s

    def measured_again(*args: object) -> None:
        raise AssertionError("measured again")

    monkeypatch.setattr(package_time, "slowest_accepted", measured_again)
    assert with_time_limit(problem, process).limits.time_s == 1.0


def test_grade_on_the_command_line(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    code = main(
        [
            "grade",
            "--sandbox",
            "process",
            "--problem",
            str(HERE / "shout"),
            "--format",
            "json",
            "--output",
            str(report),
            str(HERE / "shout/submissions/wrong_answer/lowercase.py"),
        ]
    )
    assert code == 1
    result = json.loads(report.read_text())["results"][0]
    assert (result["verdict"], result["language"]) == ("WA", "python")
    assert [test["verdict"] for test in result["tests"]] == ["AC", "AC", "WA"]


def test_gvisor_says_it_cannot_run_an_interaction() -> None:
    sandbox = open_backend("docker-runsc")
    try:
        problem = load_problem(HERE / "guessing")
        submission = read_submission(
            HERE / "guessing/submissions/accepted/bisect.py", contest_extensions()
        )
        with pytest.raises(SandboxUnavailable, match="gVisor binds no host FIFO"):
            grade(problem, {}, submission, sandbox)
        plain = _graded(sandbox, HERE / "shout", HERE / "shout/submissions/accepted/shout.py")
        assert plain.verdict is Verdict.AC
    finally:
        sandbox.close()


def test_a_python_2_program_is_a_compile_error_that_says_so(process: Sandbox, tmp_path) -> None:
    source = tmp_path / "shout.py"
    source.write_text("name = raw_input()\nprint name.upper()\n")
    result = _graded(process, HERE / "shout", source)
    assert result.verdict is Verdict.CE and not result.tests
    assert "SyntaxError" in result.compile_output  # the interpreter's own words first
    assert "Python 2 is not offered here: this judge runs Python 3" in result.compile_output
    assert "print is a function: print(x)." in result.compile_output


def test_a_python_3_syntax_error_is_said_as_the_interpreter_says_it(
    process: Sandbox, tmp_path
) -> None:
    source = tmp_path / "shout.py"
    source.write_text("print(input().upper()\n")
    result = _graded(process, HERE / "shout", source)
    assert result.verdict is Verdict.CE and "SyntaxError" in result.compile_output
    assert "Python 2" not in result.compile_output
