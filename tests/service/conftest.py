"""A real service per test: its own SQLite file, the process sandbox, worker threads; and
tokens for two students and an instructor."""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from grader.kinds.places import problem_roots
from grader.plain.python import system_python_packages
from grader.service.auth import create_token
from grader.service.options import ServiceOptions
from grader.service.service import Service

from ..conftest import RUNTIMES, SUBMISSIONS, open_backend, require
from .coderunner import CodeRunnerJobe

ACCEPTED = (SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py").read_text()
WRONG = (SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py").read_text()
# Correct, and slow enough to be caught mid-grading: a quarter second per test, nine tests.
SLOW = (
    "import time\n\ndef solve_n_queens(n):\n    time.sleep(0.25)\n"
    "    cols, out = [], []\n"
    "    def place(row):\n"
    "        if row == n:\n            out.append(cols[:])\n            return\n"
    "        for c in range(n):\n"
    "            if all(c != x and abs(c - x) != row - r for r, x in enumerate(cols)):\n"
    "                cols.append(c)\n                place(row + 1)\n                cols.pop()\n"
    "    place(0)\n    return out\n"
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note about httpx's successor
    from fastapi.testclient import TestClient


@dataclass
class Running:
    service: Service
    client: TestClient
    tokens: dict[str, str]

    def as_(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    def submit(self, who: str, source: str = ACCEPTED, wait: float = 10, **fields: object):
        body = {"problem": "nqueens", "language": "python", "source": source} | fields
        return self.client.post(f"/v1/submissions?wait={wait}", json=body, headers=self.as_(who))

    def flagged(self, identity: str, within_s: float = 30) -> dict[str, object]:
        """The instructor's document once its flags are found (they follow the verdict)."""
        deadline = time.monotonic() + within_s
        while True:
            seen = self.client.get(f"/v1/submissions/{identity}", headers=self.as_("teacher"))
            document: dict[str, object] = seen.json()
            if document["status"] == "done" and not document["flags_owed"]:
                return document
            assert time.monotonic() < deadline, f"flags still owed after {within_s} s: {document}"
            time.sleep(0.02)  # a poll of the row, as a client would


def start(tmp_path: Path, roots: tuple[Path, ...] | None = None, **options: object) -> Running:
    """A service with 2 grading threads unless `workers` says otherwise (0: none grades)."""
    # TestClient's requests name the host `testserver`, over https (where a browser keeps
    # the Secure cookies LTI's launches set).
    settings = {
        "database": str(tmp_path / "service.db"),
        "sandbox": "process",
        "workers": 2,
        "allowed_hosts": ("testserver",),
    }
    service = Service(
        ServiceOptions(problem_roots=roots or problem_roots(), **(settings | options))  # type: ignore[arg-type]
    )
    tokens = {
        "ada": create_token(service.store, "student", "ada"),
        "bob": create_token(service.store, "student", "bob"),
        "teacher": create_token(service.store, "instructor", "teacher"),
    }
    from grader.service.app import create_app

    return Running(service, TestClient(create_app(service), base_url="https://testserver"), tokens)


# Jobe's endpoint is tested on each backend: the same answers on both.
JOBE_BACKENDS = [
    "process",
    pytest.param("docker", marks=pytest.mark.docker),
    pytest.param("docker-runsc", marks=pytest.mark.docker),
]


def start_jobe(tmp_path: Path, backend: str, **options: object) -> tuple[CodeRunnerJobe, Running]:
    """A service grading on `backend` (a skip, or under CI a failure, where it cannot run)
    whose python3 runs see the system's packages, as `grader web`'s do by default; and
    CodeRunner's client of its Jobe endpoint, with an instructor's token as its key."""
    settings: dict[str, object] = {"jobe_python_packages": system_python_packages()}
    if backend != "process":
        open_backend(backend).close()
    if backend in RUNTIMES:
        backend, settings["sandbox_options"] = RUNTIMES[backend]
    running = start(tmp_path, sandbox=backend, **(settings | options))
    return CodeRunnerJobe(running.client, running.tokens["teacher"]), running


@pytest.fixture(params=JOBE_BACKENDS)
def jobe(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[tuple[CodeRunnerJobe, Running]]:
    client, running = start_jobe(tmp_path, request.param)
    yield client, running
    running.service.close()


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Running]:
    started = start(tmp_path)
    yield started
    started.service.close()


CHROMIUM = "/usr/bin/chromium"
# Without these, chromium keeps trying to reach Google's hosts, which a closed network refuses.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def browser():
    """Debian's chromium, driven by Playwright (never a browser Playwright downloads)."""
    import os

    require(os.path.exists(CHROMIUM), "chromium", "apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Running, str]]:
    """A service on 127.0.0.1 for the browser tests, and its address; chromium required."""
    from grader.service.live import serving

    require(os.path.exists(CHROMIUM), "chromium", "apt-get install chromium")
    running = start(tmp_path)
    try:
        with serving(running.service) as url:
            yield running, url
    finally:
        running.service.close()


def signed_in(browser, url: str, token: str):
    """A new page of `browser`, signed in on the service's page with `token`."""
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(url + "/")
    page.get_by_label("Your token").fill(token)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(url + "/")
    return page
