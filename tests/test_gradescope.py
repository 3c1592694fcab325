"""The Gradescope autograder: the zip `grader gradescope build` writes, unpacked into a root laid
out as Gradescope's (/autograder/source, /autograder/submission, /autograder/results) in a
container as Gradescope runs one (root, Docker's default capabilities, so no namespaces for
bubblewrap), setup.sh run once, then run_autograder on each submission."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import jsonschema
import pytest

from grader.cli import main
from grader.integrations.gradescope.run import find_solution, run_autograder, suffixes_of
from grader.integrations.gradescope.scripts import setup_script

from .conftest import SUBMISSIONS, require
from .schemas.gradescope import RESULTS_SCHEMA

# Grades in a real sandbox (conftest.py's tiers).
pytestmark = pytest.mark.sandbox

ACCEPTED = SUBMISSIONS / "nqueens" / "accepted"
WRONG = SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py"

# Reads the stored answers, forges results.json, and leaves a daemon behind for the next run.
HOSTILE = """
import json, os, time

def solve_n_queens(n):
    try:
        with open("/autograder/results/results.json", "w") as forged:
            forged.write('{"score": 999, "tests": []}')
    except OSError:
        pass
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(600)
        os._exit(0)
    with open("/autograder/source/problems/nqueens/answers/n%d.json" % n) as stored:
        return json.load(stored)
"""

# One container: setup.sh once (as Gradescope builds its image), then each submission alone
# in /autograder/submission; what is left running as a non-root uid is counted after each.
IN_CONTAINER = r"""
set -e
bash /autograder/source/setup.sh > /autograder/out/setup.log 2>&1
cp /autograder/source/run_autograder /autograder/run_autograder
for entry in /autograder/cases/*; do
    name=$(basename "$entry")
    rm -rf /autograder/submission /autograder/results
    cp -r "$entry" /autograder/submission
    /autograder/run_autograder > "/autograder/out/$name.stdout" 2>&1
    cp /autograder/results/results.json "/autograder/out/$name.json"
    /opt/grader/bin/python -c '
from grader.sandbox.uids import process_uids
print(sum(1 for _, uid in process_uids(living=True) if uid != 0))' > "/autograder/out/$name.left"
done
"""


def test_setup_installs_only_what_the_chosen_languages_need() -> None:
    python_only = setup_script("nqueens", ["python"])
    assert "rustc" not in python_only and "g++" not in python_only
    both = setup_script("nqueens", ["python", "rust", "csharp"])
    assert "missing+=(rustc)" in both and "missing+=(mono-mcs)" in both
    assert "default-jdk-headless" not in both


def test_the_solution_is_the_one_file_of_an_accepted_language(tmp_path) -> None:
    assert "No solution found: upload one file ending in .py" in str(
        find_solution(tmp_path, suffixes_of(("python",)))
    )
    (tmp_path / "notes.txt").write_text("hi")
    (tmp_path / "__MACOSX").mkdir()
    (tmp_path / "__MACOSX" / "._solution.py").write_text("junk")
    (tmp_path / "solution.py").write_text("def solve_n_queens(n): return []")
    assert find_solution(tmp_path, suffixes_of(("python",))) == tmp_path / "solution.py"
    assert "ending in .rs" in str(find_solution(tmp_path, suffixes_of(("rust",))))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "other.py").write_text("")
    found = find_solution(tmp_path, suffixes_of(("python",)))
    assert isinstance(found, str) and "solution.py, sub/other.py" in found


def test_a_submission_without_a_solution_still_gets_results(tmp_path) -> None:
    config = tmp_path / "grader-gradescope.json"
    config.write_text(json.dumps({"problem": "nowhere", "languages": ["rust"]}))
    results = tmp_path / "results" / "results.json"
    submission = tmp_path / "submission"
    submission.mkdir()
    (submission / "solution.py").write_text("")
    assert (
        main(
            [
                "gradescope",
                "run",
                "--config",
                str(config),
                "--submission",
                str(submission),
                "--results",
                str(results),
            ]
        )
        == 0
    )
    document = json.loads(results.read_text())
    jsonschema.validate(document, RESULTS_SCHEMA)
    assert document["score"] == 0
    assert "upload one file ending in .rs (uploaded: solution.py)" in document["output"]


def test_a_fault_of_the_harness_is_told_to_the_student_plainly(tmp_path, capsys) -> None:
    config = tmp_path / "grader-gradescope.json"
    config.write_text("{not json")
    results = tmp_path / "results.json"

    def never_run(argv: object, folder: object) -> int:
        raise AssertionError("the configuration is read before any command line")

    assert run_autograder(config, tmp_path, results, never_run, sys.stderr) == 0
    assert "The autograder itself failed" in json.loads(results.read_text())["output"]
    assert "JSONDecodeError" in capsys.readouterr().err  # for staff, in the script's output


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    """The zip `grader gradescope build` wrote, and what it printed."""
    zip_path = tmp_path_factory.mktemp("build") / "autograder.zip"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        status = main(
            [
                "gradescope",
                "build",
                "nqueens",
                "--language",
                "python",
                "--language",
                "rust",
                "--output",
                str(zip_path),
            ]
        )
    assert status == 0
    return zip_path, printed.getvalue()


@pytest.fixture(scope="module")
def autograder(built) -> Path:
    return built[0]


def test_the_files_it_says_it_wrote_are_the_zips(built) -> None:
    zip_path, printed = built
    with zipfile.ZipFile(zip_path) as archive:
        entries = len(archive.namelist())
    assert f"({entries} files)" in printed, printed


def test_the_zip_holds_the_scripts_problem_answers_and_wheels(autograder) -> None:
    with zipfile.ZipFile(autograder) as archive:
        entries = {info.filename: info for info in archive.infolist()}
        config = json.loads(archive.read("grader-gradescope.json"))
    for script in ("setup.sh", "run_autograder"):
        assert stat.S_IMODE(entries[script].external_attr >> 16) == 0o755
    assert "problems/nqueens/answers/n9.json" in entries
    assert "reference/nqueens/bitmask.rs" in entries  # problem.yaml's paths still hold
    assert any(name.startswith("wheels/grader-") for name in entries)
    assert any(name.startswith("wheels/pyyaml-") and "cp311" in name for name in entries)
    assert config["problem"] == "problems/nqueens"
    assert config["languages"] == ["python", "rust"]


def _engine_and_image() -> str:
    from grader.errors import SandboxError, SandboxUnavailable
    from grader.languages import NEEDS
    from grader.sandbox.docker.engine import connect
    from grader.sandbox.docker.image import build_image

    try:
        client = connect()
    except (SandboxUnavailable, SandboxError) as error:
        require(False, "the Docker engine", str(error))
        raise
    try:
        return build_image(client, NEEDS.runtimes(), "auto").tag
    finally:
        client.close()


def _system_binds() -> dict[str, dict[str, str]]:
    """This machine's system, read-only, in place of Gradescope's Ubuntu (no registry here)."""
    binds = {"/usr": {"bind": "/usr", "mode": "ro"}, "/etc": {"bind": "/etc", "mode": "ro"}}
    for top in ("/bin", "/sbin", "/lib", "/lib64"):
        if os.path.exists(top):
            binds[os.path.realpath(top)] = {"bind": top, "mode": "ro"}
    return binds


def _rust_sysroot() -> str:
    rustc = shutil.which("rustc")
    require(rustc is not None, "rustc", "apt-get install rustc")
    assert rustc is not None
    found = subprocess.run([rustc, "--print", "sysroot"], capture_output=True, text=True)
    return found.stdout.strip()


@pytest.fixture(scope="module")
def graded(autograder, tmp_path_factory) -> Path:
    """Every case graded in one Gradescope-shaped container; its out/ folder."""
    tag = _engine_and_image()
    root = tmp_path_factory.mktemp("gradescope") / "autograder"
    _unzip(autograder, root / "source")
    (root / "out").mkdir()
    cases = {
        "accepted": ("solution.py", (ACCEPTED / "backtracking.py").read_text()),
        "wrong": ("solution.py", WRONG.read_text()),
        "hostile": ("solution.py", HOSTILE),
        "rust": ("main.rs", (ACCEPTED / "lesson.rs").read_text()),
    }
    for name, (file_name, source) in cases.items():
        (root / "cases" / name).mkdir(parents=True)
        (root / "cases" / name / file_name).write_text(source)
    binds = _system_binds()
    sysroot = _rust_sysroot()
    path = "/usr/sbin:/usr/bin:/sbin:/bin"
    if not sysroot.startswith("/usr"):  # rustup's toolchain under a home only root can enter
        binds[sysroot] = {"bind": "/opt/rust", "mode": "ro"}
        path = "/opt/rust/bin:" + path
    binds[str(root)] = {"bind": "/autograder", "mode": "rw"}
    import docker

    client = docker.from_env()
    try:
        client.containers.run(
            tag,
            ["/bin/bash", "-c", IN_CONTAINER],
            entrypoint=[],
            user="0:0",
            network_mode="none",
            volumes=binds,
            working_dir="/autograder",
            environment={"PATH": path},
            tmpfs={"/run": ""},
            remove=True,
        )
    finally:
        client.close()
    return root


def _unzip(archive_path: Path, into: Path) -> None:
    """As unzip does (Python's extractall drops the modes that make the scripts executable)."""
    with zipfile.ZipFile(archive_path) as archive:
        for info in archive.infolist():
            archive.extract(info, into)
            os.chmod(into / info.filename, stat.S_IMODE(info.external_attr >> 16))


def _results(graded: Path, case: str) -> dict[str, object]:
    return _results_at(graded / "out" / f"{case}.json")


def _results_at(path: Path) -> dict[str, object]:
    document = json.loads(path.read_text())
    jsonschema.validate(document, RESULTS_SCHEMA)
    return document


@pytest.mark.parametrize("case", ["accepted", "rust"])
def test_an_accepted_solution_gets_full_marks(graded, case) -> None:
    document = _results(graded, case)
    assert (document["score"], document["max_score"]) == (10, 10), document["output"]
    assert all(test["status"] == "passed" for test in document["tests"])


def test_a_wrong_solution_is_told_what_is_wrong(graded) -> None:
    document = _results(graded, "wrong")
    assert document["score"] == 1
    failed = [test for test in document["tests"] if test["status"] == "failed"]
    assert "queens in rows 0 and 1 share a diagonal" in failed[0]["output"]


def test_a_hostile_solution_reads_no_answer_forges_nothing_and_leaves_nothing(graded) -> None:
    document = _results(graded, "hostile")
    assert document["score"] == 0
    assert "PermissionError" in json.dumps(document["tests"])
    assert (graded / "out" / "hostile.left").read_text().strip() == "0"


def test_the_weaker_sandbox_is_said_in_the_results(graded) -> None:
    output = str(_results(graded, "accepted")["output"])
    assert "Sandbox: process" in output
    assert "NOT ISOLATED (no namespaces)" in output and "unprivileged uid" in output
    assert "share uid" not in output  # each run a uid of its own, from the host-wide block


def test_setup_leaves_the_problem_and_answers_to_root_alone(graded) -> None:
    answer = graded / "source" / "problems" / "nqueens" / "answers" / "n8.json"
    info = answer.stat()
    assert info.st_uid == 0 and stat.S_IMODE(info.st_mode) & 0o077 == 0
    assert stat.S_IMODE((graded / "source").stat().st_mode) & 0o077 == 0


def test_a_problem_package_s_zip_grades_a_whole_program(tmp_path) -> None:
    zip_path = tmp_path / "shout.zip"
    package = Path(__file__).parent / "packages" / "shout"
    status = main(
        [
            "gradescope",
            "build",
            str(package),
            "--language",
            "python",
            "--language",
            "c",
            "--output",
            str(zip_path),
        ]
    )
    assert status == 0
    _unzip(zip_path, tmp_path / "source")
    config = json.loads((tmp_path / "source" / "grader-gradescope.json").read_text())
    assert config["extensions"] == {".c": "c", ".py": "python", ".py3": "python"}
    (tmp_path / "submission").mkdir()
    (tmp_path / "submission" / "shout.py").write_text("print(input().upper())\n")
    results = tmp_path / "results.json"
    argv = ["gradescope", "run", "--config", str(tmp_path / "source" / "grader-gradescope.json")]
    argv += ["--submission", str(tmp_path / "submission"), "--results", str(results)]
    assert main(argv) == 0
    document = _results_at(results)
    assert document["score"] == 1  # a pass-fail problem: all or nothing
    assert [test["status"] for test in document["tests"]] == ["passed"] * 4


def test_a_package_without_a_time_limit_is_refused_for_gradescope(tmp_path, capsys) -> None:
    package = Path(__file__).parent / "packages" / "average"
    status = main(["gradescope", "build", str(package), "--output", str(tmp_path / "a.zip")])
    assert status == 2
    assert "give the package a time limit for Gradescope" in capsys.readouterr().err


def test_a_lessons_zip_grades_it_step_by_step(tmp_path) -> None:
    """A lesson's zip holds what another problem lends it (the final tests' problem, its
    answers and references, the lesson's own code); its results carry one test per step
    passed or failed, the failing one in the lesson's words."""
    zip_path = tmp_path / "lesson.zip"
    argv = ["gradescope", "build", "nqueens-lesson-python", "--language", "python"]
    assert main([*argv, "--output", str(zip_path)]) == 0
    _unzip(zip_path, tmp_path / "source")
    names = set(zipfile.ZipFile(zip_path).namelist())
    assert {
        "problems/nqueens-lesson-python/lesson.yaml",
        "problems/nqueens/problem.yaml",
        "problems/nqueens/answers/n9.json",
        "reference/nqueens/row_scan.py",
        "reference/nqueens-lesson-python/solution.py",
    } <= names
    (tmp_path / "submission").mkdir()
    mistake = Path(__file__).parent.parent / "submissions" / "nqueens-lesson-python"
    shutil.copy(mistake / "step-12" / "no_pop.py", tmp_path / "submission" / "solution.py")
    results = tmp_path / "results.json"
    argv = ["gradescope", "run", "--config", str(tmp_path / "source" / "grader-gradescope.json")]
    argv += ["--submission", str(tmp_path / "submission"), "--results", str(results)]
    assert main(argv) == 0
    document = _results_at(results)
    assert [test["name"] for test in document["tests"]] == [f"step {k}" for k in range(1, 13)]
    assert [test["status"] for test in document["tests"]] == ["passed"] * 11 + ["failed"]
    assert "without pop()" in document["tests"][-1]["output"]
