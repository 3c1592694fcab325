"""`grader web` and `grader web token create` as a person runs them: real processes."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request

from ..conftest import ROOT
from .processes import token_made_by_the_cli


def _grader(*arguments: str, cwd) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "grader", *arguments], cwd=cwd, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip


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
    arguments = ("web", "--host", "0.0.0.0", "--port", "0", "--sandbox", "process",
                 "--allowed-host", "grader.example.edu")  # fmt: skip
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
