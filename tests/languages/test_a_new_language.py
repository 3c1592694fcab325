"""A language added as a plug-in would add it: one class in this module and one registry
line (the fixture's). Nothing else of the grader names it, yet function problems (doctor's
self-test, a Gradescope autograder, a problem's Jobe id), problem packages and Jobe's own
language list all take it. It is Python 3 under another name and extension, so it runs on
any machine; every table it appears in is a view of the registry."""

from __future__ import annotations

import json
import shutil
import zipfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from grader.doctor.selftest import run_self_test
from grader.integrations.gradescope.build import build
from grader.integrations.jobe.runs import OK, JobeRuns
from grader.kinds import extensions_for, grade, languages_of, load_problem
from grader.kinds.catalog import Catalog
from grader.languages import LANGUAGES, PlusOne, extensions
from grader.languages.programs import Contest, JobeDefaults, PlainArgs
from grader.languages.python import Python
from grader.languages.python_programs import PYTHON_PROGRAMS
from grader.limits import Limits
from grader.plain.run import RunSpec
from grader.submission import read_submission
from grader.verdicts import Verdict

from ..conftest import ROOT

pytestmark = pytest.mark.sandbox


class Snake(Python):
    id = "snake"
    name = "Snake (Python 3, spelt .snk)"
    extensions = (".snk",)
    file_name = "solution.snk"
    plus_one = PlusOne("add_one", "    ...\n", "    return n + 1\n")
    packages = (("snake", "python3-snake"),)
    # A whole program as Python's, offered to packages and to Jobe under its own names.
    programs = replace(
        PYTHON_PROGRAMS,
        contest=Contest("Snake 3", PlainArgs(interpreterargs=("-BE",)), "import sys\n"),
        jobe=JobeDefaults("snake3", "prog.snk", PlainArgs(interpreterargs=("-BE",))),
    )


@pytest.fixture
def snake() -> Iterator[str]:
    LANGUAGES.register("snake", f"{__name__}:Snake")
    try:
        yield "snake"
    finally:
        LANGUAGES.unregister("snake")


@pytest.fixture
def problem_with_snake(tmp_path: Path, snake: str) -> Path:
    """N-Queens' count, whose problem.yaml names an entry point in the new language."""
    folder = tmp_path / "problems" / "nqueens-count"
    shutil.copytree(ROOT / "problems" / "nqueens-count", folder)
    shutil.copytree(ROOT / "reference" / "nqueens-count", tmp_path / "reference" / "nqueens-count")
    yaml_file = folder / "problem.yaml"
    text = yaml_file.read_text(encoding="utf-8")
    yaml_file.write_text(
        text.replace("entry_points:\n", "entry_points:\n  snake: count_queens\n", 1),
        encoding="utf-8",
    )
    return folder


COUNTING = (
    "def count_queens(n: int) -> int:\n"
    "    def place(row, used):\n"
    "        if row == n:\n"
    "            return 1\n"
    "        return sum(place(row + 1, used | {(c, row - c, row + c)}) for c in range(n)\n"
    "                   if all(c != a and row - c != b and row + c != d for a, b, d in used))\n"
    "    return place(0, frozenset())\n"
)


def test_its_files_are_known_by_its_extension(snake: str) -> None:
    assert extensions()[".snk"] == "snake"
    assert ".snk" not in {ext for ext, language in extensions().items() if language != "snake"}


def test_doctors_self_test_builds_and_runs_it(snake: str, process_sandbox) -> None:
    tested = run_self_test("snake", process_sandbox)
    assert tested.passed, tested.detail
    assert tested.language == "snake"


def test_a_gradescope_autograder_installs_its_packages(problem_with_snake, tmp_path) -> None:
    problem = load_problem(problem_with_snake)
    output = tmp_path / "autograder.zip"
    build(problem, ["snake"], output)
    with zipfile.ZipFile(output) as built:
        setup = built.read("setup.sh").decode()
        config = json.loads(built.read("grader-gradescope.json"))
    assert "command -v snake >/dev/null || missing+=(python3-snake)" in setup
    assert config["languages"] == ["snake"]


def test_a_jobe_run_grades_it(problem_with_snake, process_sandbox) -> None:
    catalog = Catalog((problem_with_snake.parent,))
    runs = JobeRuns(catalog, process_sandbox, "process", capacity=1)
    assert ("nqueens-count-snake", catalog.all()[0].version) in runs.languages()
    limits = Limits(time_s=5.0, wall_s=10.0, memory_mib=256, output_kib=64)
    ran = runs.run(RunSpec("nqueens-count-snake", COUNTING.encode(), "", limits))
    assert ran.outcome == OK, ran
    marked = json.loads(ran.stdout)
    assert marked["fraction"] == 1.0, marked


def test_a_problem_package_takes_it(snake: str, process_sandbox, tmp_path) -> None:
    package = load_problem(Path(__file__).parent.parent / "packages" / "shout")
    assert "snake" in languages_of(package)
    path = tmp_path / "shout.snk"
    path.write_text("print(input().upper())\n")
    submission = read_submission(path, extensions_for(package))
    result = grade(package, {}, submission, process_sandbox)
    assert (submission.language, result.verdict) == ("snake", Verdict.AC), result


def test_jobe_offers_it_under_its_jobe_name(snake: str, process_sandbox) -> None:
    runs = JobeRuns(Catalog(()), process_sandbox, "process", capacity=1)
    assert "snake3" in dict(runs.languages())
    limits = Limits(time_s=5.0, wall_s=10.0, memory_mib=256, output_kib=64)
    ran = runs.run(RunSpec("snake3", b"print(6 * 7)\n", "prog.snk", limits))
    assert (ran.outcome, ran.stdout) == (OK, "42\n"), ran
