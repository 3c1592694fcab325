"""The command line, called as `main([...])`, and once end to end as a real process."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import grader
from grader.cli import main

from .conftest import ROOT, SUBMISSIONS, require

ACCEPTED = str(SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py")
WRONG = str(SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py")


def run_json(capsys, *args: str) -> tuple[int, dict]:
    code = main(["grade", "--format", "json", *args])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.sandbox
def test_accepted_submission_exits_0_with_times(capsys) -> None:
    code, report = run_json(capsys, ACCEPTED)
    assert code == 0
    [result] = report["results"]
    assert result["verdict"] == "AC" and result["score"] == result["max_score"] == 10
    samples = [test for test in result["tests"] if not test["hidden"]]
    hidden = [test for test in result["tests"] if test["hidden"]]
    assert samples and all(test["wall_s"] > 0 and test["memory_kib"] > 0 for test in samples)
    # A hidden test's figures grow with its input: the student's report has none.
    assert hidden and all(
        test["time_s"] is test["wall_s"] is test["memory_kib"] is None for test in hidden
    )


@pytest.mark.sandbox
def test_json_report_has_the_documented_schema(capsys) -> None:
    code, report = run_json(capsys, ACCEPTED, WRONG)
    assert code == 1
    assert set(report) == {"problem", "sandbox", "results"}
    assert report["problem"] == "nqueens"
    assert report["sandbox"]["backend"] in ("docker", "process")
    assert report["sandbox"]["protections"]
    result_keys = {
        "submission",
        "language",
        "verdict",
        "score",
        "max_score",
        "compile_output",
        "tests",
    }
    test_keys = {
        "name",
        "input",
        "verdict",
        "time_s",
        "wall_s",
        "memory_kib",
        "score",
        "max_score",
        "message",
    }
    for result in report["results"]:
        assert result_keys <= set(result)
        for test in result["tests"]:
            assert test_keys <= set(test)
    assert [r["verdict"] for r in report["results"]] == ["AC", "WA"]


@pytest.mark.sandbox
def test_hidden_tests_leak_nothing_unless_revealed(capsys) -> None:
    _, report = run_json(capsys, WRONG)
    hidden = [t for t in report["results"][0]["tests"] if t["hidden"]]
    assert hidden and all(t["input"] is None and not t["board"] for t in hidden)
    failing_hidden = [t for t in hidden if t["verdict"] != "AC"]
    assert failing_hidden
    for test in failing_hidden:
        assert test["message"].startswith("wrong answer on a hidden test")
        assert "[" not in test["message"]
    _, revealed = run_json(capsys, "--reveal-hidden", WRONG)
    shown = {t["name"]: t for t in revealed["results"][0]["tests"]}
    assert shown["n9"]["input"] == {"n": 9}
    assert "share a diagonal" in shown["n9"]["message"]


@pytest.mark.sandbox
def test_verbose_names_every_protection_in_force(capsys) -> None:
    assert main(["grade", "--verbose", WRONG]) == 1
    out = capsys.readouterr().out
    assert "in force: " in out and "no network" in out


@pytest.mark.sandbox
def test_text_report_shows_the_board_of_the_first_failing_sample(capsys) -> None:
    assert main(["grade", WRONG]) == 1
    out = capsys.readouterr().out
    assert "Sandbox: " in out and "in force: " not in out  # one line: the backend
    assert "First failure: n2 with n = 2" in out
    assert "queens in rows 0 and 1 share a diagonal" in out
    assert "0  X ." in out and "1  . X" in out


@pytest.mark.sandbox
def test_several_submissions_and_folders_are_graded_independently(capsys, tmp_path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "good.py").write_text((SUBMISSIONS / "nqueens/accepted/bitmask.py").read_text())
    (folder / "crash.py").write_text("import os\ndef solve_n_queens(n):\n    os._exit(3)\n")
    (folder / "notes.txt").write_text("not a submission")
    code, report = run_json(capsys, "--jobs", "2", str(folder))
    assert code == 1
    verdicts = {r["submission"].rsplit("/", 1)[1]: r["verdict"] for r in report["results"]}
    assert verdicts == {"crash.py": "RTE", "good.py": "AC"}


@pytest.mark.sandbox
def test_output_file(tmp_path, capsys) -> None:
    target = tmp_path / "report.json"
    assert main(["grade", "--format", "json", "--output", str(target), ACCEPTED]) == 0
    assert json.loads(target.read_text())["results"][0]["verdict"] == "AC"
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["grade", "missing.py"], "missing.py: no such file"),
        (["grade", "solution.txt"], "unknown extension '.txt'"),
        (["grade", "--problem", "chess", ACCEPTED], "unknown problem 'chess'"),
        (["grade", "--sandbox", "docker", ACCEPTED], "the Docker engine is not reachable"),
    ],
)
@pytest.mark.sandbox
def test_usage_errors_exit_2_with_one_line(args, fragment, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-engine.sock")
    (tmp_path / "solution.txt").write_text("")
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and fragment in captured.err


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("input: {n: 9}", "input: {n: 10}", "tests[8].input.n: 10 is outside the allowed range"),
        ("input: {n: 4}", "input: {n: 4", "invalid YAML"),
    ],
)
def test_broken_problems_exit_2_naming_file_and_line(problem_copy, old, new, fragment, capsys):
    path = problem_copy / "problem.yaml"
    path.write_text(path.read_text().replace(old, new))
    assert main(["grade", "--problem", str(problem_copy), ACCEPTED]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "problem.yaml:" in err and fragment in err


@pytest.mark.sandbox
def test_answers_check_passes_on_the_repository(capsys) -> None:
    assert main(["answers", "--check", "nqueens"]) == 0
    assert "match the references" in capsys.readouterr().out


@pytest.mark.sandbox
def test_end_to_end_as_a_process(tmp_path) -> None:
    version = subprocess.run(
        [sys.executable, "-m", "grader", "--version"], capture_output=True, text=True, check=True
    )
    assert version.stdout.strip() == f"grader {grader.__version__}"
    flood = tmp_path / "flood.py"
    flood.write_text("def solve_n_queens(n):\n    while True:\n        print('x' * 1000)\n")
    graded = subprocess.run(
        [sys.executable, "-m", "grader", "grade", str(flood)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert graded.returncode == 1
    assert "OLE" in graded.stdout and "Traceback" not in graded.stdout + graded.stderr


@pytest.mark.sandbox
def test_without_namespaces_the_report_says_so_loudly(capsys, monkeypatch) -> None:
    import grader.sandbox.process.bubblewrap as isolation

    real_which = isolation.shutil.which
    monkeypatch.setattr(
        isolation.shutil, "which", lambda name: None if name == "bwrap" else real_which(name)
    )
    assert main(["grade", "--sandbox", "process", ACCEPTED]) == 0
    out = capsys.readouterr().out
    assert "warning: NOT ISOLATED" in out and "install bubblewrap" in out
    code, report = run_json(capsys, "--sandbox", "process", ACCEPTED)
    assert code == 0 and "NOT ISOLATED" in report["sandbox"]["warning"]


@pytest.mark.sandbox
def test_doctor_lists_every_backend_with_its_protections_or_the_fix(capsys) -> None:
    code = main(["doctor"])
    out = capsys.readouterr().out
    assert "docker:" in out and "process:" in out
    if code == 0:  # the strongest available backend is fully isolated
        assert "what --sandbox auto uses" in out and "warning" not in out
    else:
        assert "NOT AVAILABLE" in out or "warning:" in out


def test_doctor_says_whether_gvisor_can_run_here(capsys) -> None:
    main(["doctor"])
    out = capsys.readouterr().out
    assert "docker --runtime runsc (gVisor): " in out
    line = out.split("docker --runtime runsc (gVisor): ")[1].splitlines()
    assert line[0].startswith("available") or "why:" in line[1], line[:2]


def test_a_runtime_needs_the_docker_backend(capsys) -> None:
    code = main(["grade", "--sandbox", "process", "--runtime", "runsc", ACCEPTED])
    assert code == 2
    assert "--runtime runsc needs --sandbox docker" in capsys.readouterr().err


@pytest.mark.sandbox
def test_a_runtime_the_engine_lacks_is_named_with_the_fix(capsys) -> None:
    from grader.errors import SandboxUnavailable
    from grader.sandbox.docker.engine import connect

    try:
        connect().close()
    except SandboxUnavailable as error:
        require(False, "the Docker engine", str(error))
    code = main(["grade", "--sandbox", "docker", "--runtime", "nonesuch", ACCEPTED])
    err = capsys.readouterr().err
    assert code == 2, err
    assert "has no 'nonesuch' runtime" in err and "daemon.json" in err


@pytest.mark.sandbox
def test_doctor_explains_a_missing_engine(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/no-engine.sock")
    main(["doctor"])
    out = capsys.readouterr().out
    assert "docker: NOT AVAILABLE" in out
    assert "the Docker engine is not reachable" in out and "--sandbox process" in out
    assert "process: available  (what --sandbox auto uses" in out


def _warm_runners(parents: set[int]) -> set[int]:
    """The warm runners whose parent is one of `parents`: a grader's own are its children,
    and one it left behind is the init's (other graders on the machine keep theirs)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if b"The pre-started runner" not in (entry / "cmdline").read_bytes():
                    continue
                parent = int((entry / "stat").read_bytes().rsplit(b")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue  # gone meanwhile
            if parent in parents:
                found.add(int(entry.name))
    return found


@pytest.mark.sandbox
def test_a_command_that_stops_before_grading_leaves_no_warm_runner(problem_copy) -> None:
    # Whatever `grade` has started by the time a broken problem stops it (a warm runner that
    # may still be starting) is closed, and closing it does not hang.
    (problem_copy / "problem.yaml").write_text("id: [unclosed\n")
    before = _warm_runners({1})
    with subprocess.Popen(
        [sys.executable, "-m", "grader", "grade", "--sandbox", "process"]
        + ["--problem", str(problem_copy), ACCEPTED],
        stderr=subprocess.PIPE,
        text=True,
    ) as done:
        _, stderr = done.communicate(timeout=120)
    assert done.returncode == 2 and "problem.yaml:" in stderr
    ours = {1, done.pid}
    deadline = time.monotonic() + 10
    while _warm_runners(ours) - before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _warm_runners(ours) - before


def test_the_statement_says_what_a_file_may_use(capsys) -> None:
    """The statement as written, then each language's accepted names and what is in scope."""
    assert main(["statement", "--problem", "nqueens-count"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# N-Queens, counted\n")
    assert "`total_n_queens` or `totalNQueens`" in out
    assert "from typing *, collections *" in out and "a new instance for every test" in out
    assert "C# 7.2 (Mono's mcs)" in out and "System.Text" in out
    assert "java.util.function.*" in out


@pytest.mark.sandbox
def test_doctor_builds_and_runs_a_program_in_every_language_it_lists(capsys) -> None:
    """Not only `which`: each available language is built and run in the chosen backend."""
    from grader.languages import FUNCTION_LANGUAGES

    code = main(["doctor"])
    out = capsys.readouterr().out
    available = [language for language in FUNCTION_LANGUAGES.values() if not language.missing()]
    assert out.count("self-test in ") == len(available)
    if "self-test in docker: FAILED" in out or "self-test in process: FAILED" in out:
        assert code == 1  # a language that cannot run is a machine not ready to grade
    if os.environ.get("CI") == "true":  # every toolchain is installed there
        assert (
            out.count("passed, built, ran and answered 42") == len(FUNCTION_LANGUAGES) and code == 0
        )


def test_a_self_test_that_fails_says_why(process_sandbox, monkeypatch) -> None:
    from grader.doctor import selftest
    from grader.languages import FUNCTION_LANGUAGES

    python = FUNCTION_LANGUAGES["python"]
    wrong = dataclasses.replace(python.plus_one, body="    return n\n")
    monkeypatch.setattr(python, "plus_one", wrong)
    failed = selftest.run_self_test("python", process_sandbox)
    assert not failed.passed and failed.detail.startswith("WA: expected 42, got 41")


def test_command_lines_naming_one_backend_ask_it_for_the_same_options() -> None:
    """A warm grader keeps one sandbox per backend and options (cli/warm/kept.py): two
    command lines' options must be equal, or each would open a sandbox more."""
    from grader.cli.arguments import sandbox_options
    from grader.cli.parser import parser

    graded = sandbox_options(parser("grade").parse_args(["grade", "solution.py"]))
    verified = sandbox_options(parser("verify").parse_args(["verify", "nqueens"]))
    assert graded == verified and hash(graded) == hash(verified)
