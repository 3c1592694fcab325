"""`grader web` and `grader web token create` as a person runs them: real processes."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from ..conftest import ROOT, require
from .processes import token_made_by_the_cli


def _grader(*arguments: str, cwd) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "grader", *arguments],
        cwd=cwd,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def test_grader_web_serves_the_embedded_default_and_stops_on_sigterm(tmp_path) -> None:
    with _grader("web", "--port", "0", "--sandbox", "process", cwd=tmp_path) as web:
        try:
            said = [web.stderr.readline(), web.stderr.readline()]
            assert "open, without tokens" in said[0], said
            url = said[1].split()[2]
            assert url.startswith("http://127.0.0.1:")
            with urllib.request.urlopen(url + "healthz", timeout=30) as answer:
                assert json.load(answer)["status"] == "ok"
            with urllib.request.urlopen(url + "problems/nqueens", timeout=30) as page:
                assert "Ctrl+Enter" in page.read().decode()
        finally:
            web.send_signal(signal.SIGTERM)
            assert web.wait(timeout=60) == 0
    assert (tmp_path / "grader.db").is_file()  # the gradebook, here


def test_on_another_address_it_refuses_to_run_without_tokens(tmp_path) -> None:
    arguments = (
        "web",
        "--host",
        "0.0.0.0",
        "--port",
        "0",
        "--sandbox",
        "process",
        "--allowed-host",
        "grader.example.edu",
    )
    with _grader(*arguments, cwd=tmp_path) as web:
        _, err = web.communicate(timeout=60)
    assert web.returncode == 2 and "create tokens first" in err


def test_on_every_address_it_asks_which_host_names_to_answer(tmp_path) -> None:
    arguments = ("web", "--host", "0.0.0.0", "--port", "0", "--sandbox", "process")
    with _grader(*arguments, cwd=tmp_path) as web:
        _, err = web.communicate(timeout=60)
    assert web.returncode == 2 and "--allowed-host" in err and "Traceback" not in err


def test_a_token_is_printed_once_and_stored_hashed(tmp_path) -> None:
    token = token_made_by_the_cli(tmp_path, "student", "ada")
    assert token.startswith("s_") and len(token) > 20
    stored = (tmp_path / "grader.db").read_bytes()
    assert token.encode() not in stored
    assert ROOT.exists()


def test_a_full_disk_is_a_503_with_retry_after_and_a_failing_health_check(tmp_path) -> None:
    """`grader web` with its database on a 16 MiB file system of its own (a tmpfs in a mount
    namespace of its own, gone with it), filled up: a hand-in is refused with 503 and
    Retry-After, the health check fails; space freed, both work again."""
    require(
        os.geteuid() == 0 and shutil.which("unshare") is not None,
        "a mount namespace of the test's own",
        "run as root with util-linux's unshare (CI does)",
    )
    disk = tmp_path / "disk"
    disk.mkdir()
    serve = (
        f'mount -t tmpfs -o size=16m grader-test-disk "{disk}" && cd "{disk}" && '
        f'exec "{sys.executable}" -m grader web --port 0 --sandbox process'
    )
    command = ["unshare", "--mount", "--propagation", "private", "sh", "-c", serve]
    with subprocess.Popen(command, text=True, stderr=subprocess.PIPE) as web:
        try:
            said = [web.stderr.readline(), web.stderr.readline()]
            url = said[1].split()[2]
            assert _hand_in(url) in (200, 202)
            seen_by_the_test = Path(f"/proc/{web.pid}/root") / disk.relative_to("/")
            filler = seen_by_the_test / "filler"
            # Unbuffered: nothing is left to flush when the file is closed on a full disk.
            with open(filler, "wb", buffering=0) as out:
                try:
                    while True:
                        out.write(b"\0" * 65536)
                except OSError as error:
                    assert error.errno == errno.ENOSPC
            refused = _hand_in(url, student="bob")
            assert refused == (503, "5"), refused
            assert _status(url + "healthz") == 503
            filler.unlink()
            assert _status(url + "healthz") == 200
            assert _hand_in(url, student="cy") in (200, 202)
        finally:
            web.send_signal(signal.SIGTERM)
            web.wait(timeout=60)


def _hand_in(url: str, student: str = "ada") -> int | tuple[int, str]:
    body = {"problem": "nqueens", "language": "python", "source": f"# {student}\nx = 1\n"}
    request = urllib.request.Request(
        url + "v1/submissions?wait=0",
        json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "X-Grader": "1"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code), str(error.headers.get("Retry-After"))


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
