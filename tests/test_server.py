"""The warm grader: `grader grade` answered by a server it started, the same answers as a
cold run, private to its user, and gone once its code changes."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grader.sandbox.docker.containers import RUN_LABEL

from .conftest import ROOT, SUBMISSIONS, open_backend

GRADER = ROOT / ".venv" / "bin" / "grader"
ACCEPTED = SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py"
WRONG = SUBMISSIONS / "nqueens" / "wrong_answer" / "first_solution_only.py"


@pytest.fixture
def private_runtime(tmp_path: Path) -> dict[str, str]:
    """An environment whose warm grader is this test's alone; stopped afterwards."""
    if not GRADER.exists():
        pytest.fail(f"{GRADER} is missing: run scripts/setup")
    environment = os.environ | {"XDG_RUNTIME_DIR": str(tmp_path), "GRADER_SERVER": "on"}
    yield environment
    # Every server of this runtime: one that a command started while the test ended may not
    # have written its lock yet, and would idle on for ten minutes beside the suite.
    for pid in set(_server_pids(tmp_path)) | _serving_under(tmp_path):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)


def _serving_under(runtime: Path) -> set[int]:
    """The `grader serve` processes whose socket is under `runtime`."""
    found = set()
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            words = cmdline.read_bytes().split(b"\0")
            if b"serve" in words and any(word.startswith(bytes(runtime)) for word in words):
                found.add(int(cmdline.parent.name))
    return found


def _server_pids(runtime: Path) -> list[int]:
    pids = []
    for lock in runtime.glob("grader-server/*.lock"):
        text = lock.read_text().strip()
        if text.isdigit() and Path(f"/proc/{text}").exists():
            pids.append(int(text))
    return pids


def _grade(
    environment: dict[str, str], *arguments: str | Path, sandbox: str = "process"
) -> tuple[int, dict]:
    done = subprocess.run(
        [str(GRADER), "grade", "--format", "json", "--sandbox", sandbox, *map(str, arguments)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        timeout=300,
    )
    return done.returncode, json.loads(done.stdout)


def _verdicts(report: dict) -> list[tuple[str, str, list[str]]]:
    return [
        (result["submission"], result["verdict"], [test["message"] for test in result["tests"]])
        for result in report["results"]
    ]


def _wait_for_server(runtime: Path) -> int:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        pids = _server_pids(runtime)
        if pids and list(runtime.glob("grader-server/*.sock")):
            return pids[0]
        time.sleep(0.1)
    pytest.fail("the first `grader grade` started no warm grader")


def _wait_until_idle(pid: int) -> None:
    """Until the server waits for its next request: asleep, its CPU time no longer growing
    (it may still be starting its sandboxes after answering)."""
    deadline = time.monotonic() + 60
    last = -1
    while time.monotonic() < deadline:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            state = stat.read().rsplit(b")", 1)[1].split()[0]
        ticks = _cpu_ticks(pid)
        if state == b"S" and ticks == last:
            return
        last = ticks
        time.sleep(0.1)
    pytest.fail("the warm grader never became idle")


def _cpu_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat", "rb") as stat:
        fields = stat.read().rsplit(b")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def test_the_warm_grader_answers_as_a_cold_one_would(private_runtime, tmp_path) -> None:
    cold_status, cold = _grade(private_runtime | {"GRADER_SERVER": "off"}, ACCEPTED, WRONG)
    assert not list(tmp_path.glob("grader-server/*.sock"))  # off means off

    first_status, first = _grade(private_runtime, ACCEPTED, WRONG)  # cold, and starts one
    server = _wait_for_server(tmp_path)
    _wait_until_idle(server)
    before = _cpu_ticks(server)
    warm_status, warm = _grade(private_runtime, ACCEPTED, WRONG)

    assert cold_status == first_status == warm_status == 1  # the wrong answers are not AC
    assert _verdicts(cold) == _verdicts(first) == _verdicts(warm)
    assert _cpu_ticks(server) > before, "the warm grader did not do the work"


def test_a_command_the_warm_grader_answers_loads_no_site_and_no_os(
    private_runtime, tmp_path
) -> None:
    # bin/grader starts the interpreter with -S, and the client uses built-in modules only:
    # together about a third of a command's cost when a warm grader answers.
    _grade(private_runtime, ACCEPTED)
    _wait_until_idle(_wait_for_server(tmp_path))
    done = subprocess.run(
        [str(GRADER), "grade", "--sandbox", "process", str(ACCEPTED)],
        capture_output=True,
        text=True,
        env=private_runtime | {"PYTHONPROFILEIMPORTTIME": "1"},
        cwd=ROOT,
        timeout=300,
    )
    imported = {
        line.rsplit("|", 1)[1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert done.returncode == 0 and "all 92 solutions found" in done.stdout
    assert {"encodings", "grader.cli.warm.client"} <= imported  # the profile took effect
    # The client's package is grader.cli, which imports nothing until main() runs.
    assert not {"site", "os", "grader.cli.command_line", "grader.cli.commands"} & imported


def test_the_warm_grader_steps_aside_once_its_code_changed(private_runtime, tmp_path) -> None:
    """On a copy of the package (PYTHONPATH comes before the checkout's), so that the test
    changes no file of the checkout itself."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "grader", copy / "grader", ignore=shutil.ignore_patterns("__pycache__"))
    environment = private_runtime | {"PYTHONPATH": str(copy)}
    _grade(environment, ACCEPTED)
    server = _wait_for_server(tmp_path)
    module = copy / "grader" / "verdicts.py"
    stat = module.stat()
    os.utime(module, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    status, report = _grade(environment, ACCEPTED)  # answered cold, correctly
    assert status == 0 and report["results"][0]["verdict"] == "AC"
    deadline = time.monotonic() + 10
    while Path(f"/proc/{server}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{server}").exists(), "the stale server is still running"


def test_only_its_own_user_can_reach_it(private_runtime, tmp_path) -> None:
    if os.geteuid() != 0:
        pytest.skip("needs root, to try as another user")
    _grade(private_runtime, ACCEPTED)
    _wait_for_server(tmp_path)
    path = next(tmp_path.glob("grader-server/*.sock"))
    child = os.fork()
    if child == 0:
        os.setresgid(65534, 65534, 65534)
        os.setresuid(65534, 65534, 65534)
        try:
            with socket.socket(socket.AF_UNIX) as intruder:
                intruder.connect(str(path))
            os._exit(1)  # it connected: the directory is not private
        except PermissionError:
            os._exit(0)
        except BaseException:
            os._exit(2)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert (path.parent.stat().st_mode & 0o777) == 0o700


def test_version_needs_no_parser() -> None:
    done = subprocess.run([str(GRADER), "--version"], capture_output=True, text=True)
    from grader import __version__

    assert done.stdout == f"grader {__version__}\n"


def test_the_warm_grader_outlives_the_directory_it_was_started_from(
    private_runtime, tmp_path
) -> None:
    """Started by a `grader grade` run in a directory that is then deleted, it still answers
    every later command, from anywhere, and a command run from a deleted directory is told
    so (exit 2), never an internal error."""
    doomed = tmp_path / "doomed"
    doomed.mkdir()
    first = subprocess.run(
        [str(GRADER), "grade", "--sandbox", "process", str(ACCEPTED)],
        capture_output=True,
        text=True,
        env=private_runtime,
        cwd=doomed,
        timeout=300,
    )
    assert first.returncode == 0, first.stderr
    server = _wait_for_server(tmp_path)
    doomed.rmdir()
    status, report = _grade(private_runtime, ACCEPTED, WRONG)
    assert status == 1, report
    assert [verdict for _, verdict, _ in _verdicts(report)] == ["AC", "WA"]
    assert _server_pids(tmp_path) == [server]  # the same warm grader answered
    inside = tmp_path / "also-doomed"
    inside.mkdir()
    script = f"import os, subprocess, sys; os.chdir({str(inside)!r}); os.rmdir({str(inside)!r}); "
    script += f"sys.exit(subprocess.run([{str(GRADER)!r}, 'grade', {str(ACCEPTED)!r}]).returncode)"
    from_deleted = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=private_runtime,
        timeout=300,
    )
    assert from_deleted.returncode in (0, 2), from_deleted.stderr
    assert "internal error" not in from_deleted.stderr


def test_a_caller_with_other_toolchains_is_never_answered_by_this_grader(
    private_runtime, tmp_path
) -> None:
    """A warm grader reads PATH, the Docker engine and its caches as they were when it
    started; a caller whose are different gets a warm grader of its own."""
    _grade(private_runtime, ACCEPTED)
    first = _wait_for_server(tmp_path)
    _wait_until_idle(first)
    before = _cpu_ticks(first)
    other_path = private_runtime | {"PATH": f"{tmp_path / 'bin'}:{private_runtime['PATH']}"}
    status, report = _grade(other_path, ACCEPTED)
    assert status == 0 and report["results"][0]["verdict"] == "AC"
    assert _cpu_ticks(first) == before, "the first warm grader answered another environment"
    deadline = time.monotonic() + 60
    while len(_server_pids(tmp_path)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(_server_pids(tmp_path)) == 2
    assert len(list(tmp_path.glob("grader-server/*.sock"))) == 2


def test_a_warm_grader_stopped_with_sigterm_leaves_no_container_and_no_folder(
    private_runtime, tmp_path
) -> None:
    """`kill $(cat PATH.lock)`, the way its lock file offers, tidies up as going idle does:
    its warm containers removed, its sandboxes' folders in its TMPDIR gone."""
    import docker

    open_backend("docker").close()  # the engine and the image, or a skip (a failure in CI)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    environment = private_runtime | {"TMPDIR": str(scratch)}
    _grade(environment, ACCEPTED, sandbox="docker")  # cold, and starts the warm grader
    server = _wait_for_server(tmp_path)
    _wait_until_idle(server)
    status, _ = _grade(environment, ACCEPTED, sandbox="docker")  # answered by it
    assert status == 0
    _wait_until_idle(server)
    client = docker.from_env()
    try:
        ours = {"label": f"{RUN_LABEL}={server}"}
        assert client.containers.list(all=True, filters=ours), "it kept no warm container"
        assert list(scratch.glob("grader-*")), "its sandboxes made no folder"
        os.kill(server, signal.SIGTERM)
        deadline = time.monotonic() + 60
        while Path(f"/proc/{server}").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not Path(f"/proc/{server}").exists(), "SIGTERM did not stop it"
        assert client.containers.list(all=True, filters=ours) == []
        assert list(scratch.glob("grader-*")) == []
    finally:
        client.close()


def _verify(environment: dict[str, str], package: str, cwd: Path) -> tuple[int, str]:
    done = subprocess.run(
        [str(GRADER), "verify", "--sandbox", "process", package],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cwd,
        timeout=300,
    )
    # The slowest test's time is measured again each run: the rest must be the same.
    return done.returncode, re.sub(r"slowest [\d.]+ s", "slowest ...", done.stdout)


def test_the_warm_grader_verifies_a_package_as_a_cold_one_would(private_runtime, tmp_path):
    """A package's folder named from where the caller stands, not where the server does."""
    folder = tmp_path / "packages"
    shutil.copytree(ROOT / "tests/packages/ratio", folder / "ratio")
    cold = _verify(private_runtime | {"GRADER_SERVER": "off"}, "ratio", folder)
    _grade(private_runtime, ACCEPTED)  # starts the warm grader
    server = _wait_for_server(tmp_path)
    _wait_until_idle(server)
    before = _cpu_ticks(server)
    warm = _verify(private_runtime, "ratio", folder)
    assert cold == warm and cold[0] == 0 and "ratio: OK" in cold[1], (cold, warm)
    assert _cpu_ticks(server) > before, "the warm grader did not do the work"
