"""What each version of the package format asks of a judge, graded in a real sandbox: 2025-09's
group scores and required groups, files included in a submission's build, a case's own
arguments and files, the validators' arguments as each version spells them, an
output_validator/ folder used without `validation: custom`, the validators' own test data,
and what a package says of the languages and code it takes."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.kinds import grade, load_problem
from grader.packages.contest import contest_extensions
from grader.packages.verify import verify_package
from grader.results import SubmissionResult
from grader.sandbox import Sandbox
from grader.submission import read_submission
from grader.verdicts import Verdict
from tests.conftest import open_backend
from tests.packages.test_format_versions import minimal_package

pytestmark = pytest.mark.sandbox
HERE = Path(__file__).parent
RATIO = HERE / "ratio"


@pytest.fixture(scope="module")
def process() -> Iterator[Sandbox]:
    sandbox = open_backend("process")
    yield sandbox
    sandbox.close()


def _graded(
    sandbox: Sandbox, package: Path, source: Path, reveal: bool = False
) -> SubmissionResult:
    submission = read_submission(source, contest_extensions())
    return grade(load_problem(package), {}, submission, sandbox, reveal)


def _source(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_2025_scoring_problem_scores_each_group_as_it_aggregates(process: Sandbox) -> None:
    result = _graded(process, RATIO, RATIO / "submissions/wrong_answer/two_decimals.py", True)
    assert result.verdict is Verdict.WA
    summed = {g.name: (g.verdict, g.score, g.max_score) for g in result.groups}
    assert summed["secret/1-small"] == (Verdict.AC, 40, 40)
    # Two of the sum group's three cases are right to two decimals: 2/3 of its 60.
    assert summed["secret/2-large"] == (Verdict.WA, 40, 60)
    assert result.score == 80 and result.max_score == 100


def test_a_group_whose_required_group_failed_is_not_run(process: Sandbox) -> None:
    result = _graded(process, RATIO, RATIO / "submissions/wrong_answer/floor.py", True)
    assert result.verdict is Verdict.WA and result.score == 0
    assert not [test for test in result.tests if test.name.startswith("secret/2-large")]
    summed = {g.name: (g.verdict, g.score) for g in result.groups}
    assert summed["secret/2-large"] == (Verdict.WA, 0)  # the sample's verdict, nothing scored


def test_the_package_s_included_file_is_in_a_python_build(process: Sandbox) -> None:
    result = _graded(process, RATIO, RATIO / "submissions/accepted/divide.py")
    assert (result.verdict, result.score) == (Verdict.AC, 100)


def test_an_included_file_overrides_the_submission_s_own(process: Sandbox, tmp_path: Path) -> None:
    ratio = Path(shutil.copytree(RATIO, tmp_path / "ratio"))
    (ratio / "include/python3/divide.py").write_text("print('the package wins')\n")
    result = _graded(process, ratio, RATIO / "submissions/accepted/divide.py")
    assert result.verdict is Verdict.WA
    assert result.tests[0].output == "the package wins\n"


def test_verify_proves_every_folder_and_the_validators_own_data(
    process: Sandbox, tmp_path: Path
) -> None:
    assert verify_package(load_problem(RATIO), process, 2, lambda line: None).failures == ()
    ratio = Path(shutil.copytree(RATIO, tmp_path / "ratio"))
    (ratio / "data/valid_output/close.out").write_text("0.3\n")
    (ratio / "data/invalid_input/zero.in").write_text("1 2\n")
    failures = verify_package(load_problem(ratio), process, 2, lambda line: None).failures
    assert "data/valid_output/close.out: the output validator gives WA on it" in failures
    assert "data/invalid_input/zero.in: an invalid input every input validator accepts" in failures


@pytest.mark.parametrize("version", ["2023-07", "2025-09"])
def test_an_output_validator_folder_judges_without_validation_custom(
    process: Sandbox, tmp_path: Path, version: str
) -> None:
    package = minimal_package(tmp_path, version)
    (package / "output_validator").mkdir()
    (package / "output_validator/validate.py").write_text("import sys\nsys.exit(42)\n")
    wrong = _source(tmp_path, "three.py", "print(3)\n")
    assert _graded(process, package, wrong).verdict is Verdict.AC


@pytest.mark.parametrize(
    ("version", "file", "text"),
    [
        ("2023-07", "data/testdata.yaml", "output_validator_flags: float_tolerance 1e-6\n"),
        ("2023-07", "data/testdata.yaml", "output_validator_args: [float_tolerance, '1e-6']\n"),
        (
            "2025-09",
            "data/secret/test_group.yaml",
            "output_validator_args: [float_tolerance, '1e-6']\n",
        ),
        ("2025-09", "data/secret/1.yaml", "output_validator_args: [float_tolerance, '1e-6']\n"),
    ],
)
def test_the_validator_s_arguments_reach_it_as_each_version_spells_them(
    process: Sandbox, tmp_path: Path, version: str, file: str, text: str
) -> None:
    package = minimal_package(tmp_path, version)
    (package / "data/secret/1.ans").write_text("1.0\n")
    (package / file).write_text(text)
    printed = _source(tmp_path, "floats.py", "print('2' if input() == '1 1' else '1.0000000')\n")
    (package / "data/secret/1.in").write_text("0 1\n")
    result = _graded(process, package, printed, reveal=True)
    assert result.verdict is Verdict.AC, result.tests[-1].message


def test_a_case_runs_with_its_own_arguments_and_files(process: Sandbox, tmp_path: Path) -> None:
    package = minimal_package(tmp_path, "2025-09")
    (package / "data/secret/1.yaml").write_text("args: [--double]\n")
    (package / "data/secret/1.files").mkdir()
    (package / "data/secret/1.files/extra.txt").write_text("5\n")
    (package / "data/secret/1.ans").write_text("14\n")  # (1 + 1 + 5) * 2
    source = _source(
        tmp_path,
        "uses.py",
        "import os, sys\n"
        "a, b = map(int, input().split())\n"
        "extra = int(open('extra.txt').read()) if os.path.exists('extra.txt') else 0\n"
        "print((a + b + extra) * (2 if '--double' in sys.argv else 1))\n",
    )
    result = _graded(process, package, source, reveal=True)
    assert [test.verdict for test in result.tests] == [Verdict.AC, Verdict.AC]


def test_a_case_s_hint_reaches_the_student_only_on_a_sample(
    process: Sandbox, tmp_path: Path
) -> None:
    package = minimal_package(tmp_path, "2025-09")
    (package / "data/sample/1.yaml").write_text("hint: add the two numbers\n")
    (package / "data/secret/1.yaml").write_text("hint: the secret case is 1 1\n")
    (package / "data/sample/1.ans").write_text("3\n")  # so that the sample fails alone
    wrong = _source(tmp_path, "two.py", "print(2)\n")
    student = _graded(process, package, wrong)
    assert student.tests[0].hint == "add the two numbers"
    (package / "data/sample/1.ans").write_text("2\n")
    (package / "data/secret/1.ans").write_text("3\n")
    student = _graded(process, package, wrong)
    assert student.tests[-1].verdict is Verdict.WA
    assert "1 1" not in repr(student.tests[-1])
    teacher = _graded(process, package, wrong, reveal=True)
    assert "hint: the secret case is 1 1" in teacher.tests[-1].judge_note


def test_a_language_the_package_does_not_take_is_refused(process: Sandbox, tmp_path: Path) -> None:
    package = minimal_package(tmp_path, "2025-09")
    yaml = package / "problem.yaml"
    yaml.write_text(yaml.read_text() + "languages: [cpp, kotlin]\n")
    result = _graded(process, package, _source(tmp_path, "sum.py", "print(2)\n"))
    assert result.verdict is Verdict.CE
    assert result.compile_output == "this problem is solved in C++ (g++ -O2 -std=gnu++20) only"


def test_code_over_the_package_s_limit_is_refused(process: Sandbox, tmp_path: Path) -> None:
    package = minimal_package(tmp_path, "2025-09")
    yaml = package / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("limits: {", "limits: {code: 1, "))
    padded = _source(tmp_path, "long.py", "print(2)\n" + "#" * 3000 + "\n")
    result = _graded(process, package, padded)
    assert result.verdict is Verdict.CE
    assert "long.py is 3 KiB; this problem takes at most 1 KiB of code" in result.compile_output


def test_a_validator_with_its_own_build_and_run_scripts_is_built_by_them(
    process: Sandbox, tmp_path: Path
) -> None:
    package = minimal_package(tmp_path, "2025-09")
    validator = package / "output_validator"
    validator.mkdir()
    (validator / "build").write_text("#!/bin/sh\ncc -O1 -o jury judge.c\n")
    (validator / "run").write_text('#!/bin/sh\nexec "$(dirname "$0")/jury" "$@"\n')
    (validator / "judge.c").write_text(
        "#include <stdio.h>\n"
        'int main(void) { int x = 0; return scanf("%d", &x) == 1 && x == 2 ? 42 : 43; }\n'
    )
    right = _source(tmp_path, "two.py", "print(2)\n")
    wrong = _source(tmp_path, "three.py", "print(3)\n")
    assert _graded(process, package, right).verdict is Verdict.AC
    assert _graded(process, package, wrong).verdict is Verdict.WA


@pytest.mark.parametrize("backend_name", ["process", "docker"])
def test_a_validator_that_closes_its_output_ends_the_submission_s_input(
    tmp_path: Path, backend_name: str
) -> None:
    """The submission reads to the end of its input: it ends when the validator closes its
    side, not when the validator exits (which waits for the answer)."""
    package = minimal_package(tmp_path, "2025-09")
    yaml = package / "problem.yaml"
    yaml.write_text(yaml.read_text() + "type: interactive\n")
    (package / "output_validator").mkdir()
    (package / "output_validator/validate.py").write_text(
        "import os, sys\n"
        "numbers = open(sys.argv[1]).read().split()\n"
        "sys.stdout.write('\\n'.join(numbers) + '\\n')\n"
        "sys.stdout.flush()\n"
        "os.close(1)  # that is all: the submission reads to the end\n"
        "answer = sys.stdin.read().split()\n"
        "sys.exit(42 if answer == open(sys.argv[2]).read().split() else 43)\n"
    )
    to_the_end = _source(
        tmp_path, "sums.py", "import sys\nprint(sum(int(w) for w in sys.stdin.read().split()))\n"
    )
    sandbox = open_backend(backend_name)
    try:
        result = _graded(sandbox, package, to_the_end)
    finally:
        sandbox.close()
    assert [test.verdict for test in result.tests] == [Verdict.AC, Verdict.AC]
