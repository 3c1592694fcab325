"""A submission against a package's validators (issue 42, point 3): output crafted to crash
the output validator is the problem's IE of which the student reads one sentence (no trace,
no source line, no hidden test's name); a validator flooded past its limits is the
submission's wrong answer; an interactive program that leaves before reading gets the same
verdict however the two sides' ends fall in time."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.judge import student_view
from grader.kinds import grade, load_problem
from grader.packages.contest import contest_extensions
from grader.packages.validation import FLOODED, VALIDATOR_FAILED
from grader.reports.json_report import submission_document
from grader.results import SubmissionResult
from grader.sandbox import Sandbox
from grader.submission import read_submission
from grader.verdicts import Verdict
from tests.conftest import open_backend

pytestmark = pytest.mark.sandbox
HERE = Path(__file__).parent
# Five thousand digits pass the validator's isdigit(), then its int() raises (CPython's
# limit on a decimal's length): a traceback quoting validate.py. Only on the hidden n = 2.
CRASHES_THE_VALIDATOR = (
    "n = int(input())\nprint(1, '9' * 5000) if n == 2 else print(n // 2, n - n // 2)\n"
)


@pytest.fixture(scope="module", params=("process", "docker"))
def backend(request: pytest.FixtureRequest) -> Iterator[Sandbox]:
    sandbox = open_backend(request.param)
    yield sandbox
    sandbox.close()


def _graded(sandbox: Sandbox, package: str, source: Path, reveal: bool) -> SubmissionResult:
    submission = read_submission(source, contest_extensions())
    return grade(load_problem(HERE / package), {}, submission, sandbox, reveal)


def test_output_that_crashes_the_validator_leaks_nothing(backend: Sandbox, tmp_path: Path) -> None:
    source = tmp_path / "crafted.py"
    source.write_text(CRASHES_THE_VALIDATOR)
    for shown in (
        _graded(backend, "anypair", source, reveal=False),
        student_view(_graded(backend, "anypair", source, reveal=True)),  # the service's view
    ):
        assert shown.verdict is Verdict.IE
        failed = [test for test in shown.tests if test.verdict is not Verdict.AC]
        assert [(test.name, test.message) for test in failed] == [
            ("hidden 1", "the grader failed on a hidden test (not your code's fault)")
        ]
        document = json.dumps(submission_document(shown))
        for secret in ("secret/1", "Traceback", "validate.py", "int(", "judge_note", "ValueError"):
            assert secret not in document, secret
    instructor = _graded(backend, "anypair", source, reveal=True)
    crashed = next(test for test in instructor.tests if test.verdict is Verdict.IE)
    assert crashed.name == "secret/1" and crashed.message == VALIDATOR_FAILED
    assert "failed on secret/1 (exit code 1" in crashed.judge_note
    assert "ValueError" in crashed.judge_note  # the instructor sees why


def test_a_sample_s_validator_crash_is_one_sentence_to_the_student(
    backend: Sandbox, tmp_path: Path
) -> None:
    source = tmp_path / "crafted.py"
    source.write_text("input()\nprint(1, '9' * 5000)\n")
    shown = student_view(_graded(backend, "anypair", source, reveal=True))
    sample = shown.tests[0]
    assert (sample.name, sample.verdict, sample.message) == (
        "sample/1",
        Verdict.IE,
        VALIDATOR_FAILED,
    )
    assert sample.judge_note == ""


def test_an_interactive_validator_flooded_past_its_memory_is_a_wrong_answer(
    backend: Sandbox, tmp_path: Path
) -> None:
    """One endless line: the validator's readline grows until its memory limit refuses
    (MemoryError), then the program dies of the closed pipe. The validator ended first,
    flooded: the submission's wrong answer, not the problem's IE."""
    shutil.copytree(HERE / "guessing", tmp_path / "guessing")
    yaml_file = tmp_path / "guessing/problem.yaml"
    # A validator's memory of 128 MiB, not the format's 1 GiB: flooded in a moment, on any
    # machine, well inside the program's own wall clock.
    yaml_file.write_text(yaml_file.read_text() + "  validation_memory: 128\n")
    source = tmp_path / "flood.c"
    source.write_text(
        "#include <string.h>\n#include <unistd.h>\n"
        "static char chunk[1 << 16];\n"
        "int main(void) { memset(chunk, '7', sizeof chunk);\n"
        "  for (;;) if (write(1, chunk, sizeof chunk) < 0) return 0; }\n"
    )
    result = _graded(backend, str(tmp_path / "guessing"), source, reveal=True)
    flooded = result.tests[0]
    assert (flooded.verdict, flooded.message) == (Verdict.WA, FLOODED)
    # Refused an allocation (MemoryError), or killed by the memory cgroup (docker).
    assert "memory" in flooded.judge_note.lower()


@pytest.mark.parametrize("lingers", [False, True])
def test_an_interactive_program_that_leaves_before_reading_is_rte(
    backend: Sandbox, tmp_path: Path, lingers: bool
) -> None:
    """The program exits with code 3 before its first guess; the validator reads the end of
    its input and rejects a moment later. The program ended first: RTE, however late its
    sandbox is seen to end (seen WA once in five when a wrapper outlived the program by a
    moment). `lingers`: that moment made long, the program's output closed a quarter second
    before it exits."""
    source = HERE / "guessing/submissions/run_time_error/gives_up.c"
    if lingers:
        source = tmp_path / "closes_then_lingers.c"
        source.write_text(
            "#include <time.h>\n#include <unistd.h>\n"
            "int main(void) { close(1);\n"
            "  struct timespec quarter = {0, 250000000}; nanosleep(&quarter, 0); return 3; }\n"
        )
    result = _graded(backend, "guessing", source, reveal=False)
    assert result.tests[0].verdict is Verdict.RTE, result.tests[0].message
