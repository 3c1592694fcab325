from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from grader.errors import SandboxError, SandboxUnavailable
from grader.kinds import load_answers, load_problem
from grader.languages import LANGUAGES, NEEDS, extensions
from grader.problem import Problem
from grader.sandbox import SANDBOXES, Sandbox, SandboxOptions
from grader.sandbox.docker.engine import connect
from grader.sandbox.docker.image import build_image
from grader.sandbox.docker.sandbox import DockerSandbox
from grader.sandbox.process.sandbox import ProcessSandbox
from grader.submission import Submission, read_submission

ROOT = Path(__file__).resolve().parent.parent
PROBLEMS = ROOT / "problems"
SUBMISSIONS = ROOT / "submissions"

# The suite's tiers (CONTRIBUTING.md): each test is marked by what it needs, from where it
# lives and the fixtures it takes; `pytest --fast` (scripts/test --fast) runs the rest, the
# pure tier, and fails any of its tests that opens a sandbox after all (mark it).
SLOW_TIERS = ("sandbox", "docker", "service", "browser", "slow")
SANDBOX_FIXTURES = frozenset({"sandbox", "process_sandbox", "gvisor", "private_runtime"})
MARKED_BY_PLACE = {
    "tests/service/test_page.py": ("service", "browser"),
    "tests/service/": ("service", "sandbox"),
    "tests/sandbox/test_supervisor.py": (),  # a scripted child: pure
    "tests/sandbox/test_oom_evidence.py": (),  # the evidence given: pure
    "tests/sandbox/test_end_stamps.py": (),  # pipes for descriptors: pure
    "tests/sandbox/test_shared_files.py": (),  # in-memory files: pure
    "tests/sandbox/test_pipe_protocol.py": (),  # FIFOs and sh: pure
    "tests/sandbox/test_warm_runners.py": (),  # runners that are objects: pure
    "tests/sandbox/": ("sandbox",),
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast",
        action="store_true",
        help="the pure tier only: no sandbox, no engine, no service, no browser",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        place = Path(str(item.path)).relative_to(ROOT).as_posix()
        for prefix, markers in MARKED_BY_PLACE.items():
            if place.startswith(prefix):
                for marker in markers:
                    item.add_marker(marker)
                break
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & SANDBOX_FIXTURES:
            item.add_marker("sandbox")
        if "docker" in item.name or "gvisor" in item.name:
            item.add_marker("docker")
    if not config.getoption("--fast"):
        return
    kept = [item for item in items if not any(item.get_closest_marker(m) for m in SLOW_TIERS)]
    config.hook.pytest_deselected(items=[item for item in items if item not in kept])
    items[:] = kept


def pytest_configure(config: pytest.Config) -> None:
    """Under --fast, opening a sandbox fails the test (or the fixture) that does it."""
    if not config.getoption("--fast"):
        return

    def refused(*args: object, **kwargs: object) -> None:
        pytest.fail("a test of the fast tier opened a sandbox: mark it (conftest.py's tiers)")

    for backend in (ProcessSandbox, DockerSandbox):
        backend.__init__ = refused  # type: ignore[method-assign]


def require(available: bool, component: str, fix: str) -> None:
    """Skip a test whose component is missing here, but fail it under CI, where the set-up
    must have installed everything (a skip there would hide a broken set-up)."""
    if available:
        return
    message = f"{component} is not available ({fix})"
    if os.environ.get("CI") == "true":
        pytest.fail(f"under CI every component must be present: {message}")
    pytest.skip(message)


@pytest.fixture(scope="session")
def nqueens() -> Problem:
    return load_problem(PROBLEMS / "nqueens")


@pytest.fixture(scope="session")
def nqueens_answers(nqueens: Problem) -> dict[str, object]:
    return load_answers(nqueens)


# Every backend of SANDBOXES, and variants of them opened with other options: "process" forks
# each run from a warm runner where the grader is root; "process-cold" starts a sandbox per
# run, as it does for everyone else; "docker" forks each run from a warm container,
# "docker-cold" starts a container per submission (as gVisor's runs do). The contract and
# hostile suites hold for each.
VARIANTS = {
    "process-cold": ("process", SandboxOptions(warm=False, languages=NEEDS)),
    "docker-cold": ("docker", SandboxOptions(warm=False, languages=NEEDS)),
}
# Opened by name only (tests/sandbox/test_hostile.py's gVisor cases), not in every suite.
RUNTIMES = {"docker-runsc": ("docker", SandboxOptions(oci_runtime="runsc", languages=NEEDS))}


def memory_hog_timed_out(due: str, got: str, times_s: list[float], limit_s: float) -> bool:
    """Whether a memory hog judged TLE where MLE was due spent its CPU limit, measured: one
    faulting in hundreds of MiB on a machine busy with other work can spend its limit in the
    kernel before it reaches its memory limit, and TLE is then the verdict due (seen in the
    queue's 200 submissions, the examples under two parallel workers, gVisor's memory
    bomb: its page faults are slower)."""
    return due == "MLE" and spent_its_cpu_limit(got, times_s, limit_s)


def spent_its_cpu_limit(got: str, times_s: list[float], limit_s: float) -> bool:
    """Whether a verdict of TLE is by the CPU measured: a test of `times_s` reached the
    limit (not the wall clock of a machine too busy to run it)."""
    return got == "TLE" and any(time_s >= limit_s for time_s in times_s)


def backend_names() -> tuple[str, ...]:
    return (*SANDBOXES, *VARIANTS)


def require_language(language_id: str) -> None:
    """Skip (fail under CI) when this machine cannot build `language_id`."""
    language = LANGUAGES[language_id]
    why = language.missing()
    require(not why, language.name, why)


def open_backend(name: str) -> Sandbox:
    """A fully isolated backend, or a skip (a failure under CI) saying what is missing."""
    base, options = (VARIANTS | RUNTIMES).get(name, (name, SandboxOptions(languages=NEEDS)))
    try:
        if base == "docker":
            _build_docker_image()
        backend = SANDBOXES[base](options)
    except (SandboxUnavailable, SandboxError) as error:
        require(False, f"the {name} backend", str(error))
        raise
    if backend.warning():
        backend.close()
        require(False, f"full isolation in the {name} backend", backend.warning())
    return backend


def _build_docker_image() -> None:
    """The image the docker backend needs, built if missing (reused when already built)."""
    client = connect()
    try:
        build_image(client, NEEDS.runtimes(), "auto")
    finally:
        client.close()


@pytest.fixture(scope="session")
def process_sandbox() -> Iterator[ProcessSandbox]:
    """The process backend as this machine allows it, shared, closed at the end."""
    sandbox = ProcessSandbox(languages=NEEDS)
    yield sandbox
    sandbox.close()


@pytest.fixture(scope="session", params=backend_names())
def sandbox(request: pytest.FixtureRequest) -> Iterator[Sandbox]:
    """Every backend in turn: the contract and the hostile suite hold for each."""
    backend = open_backend(request.param)
    yield backend
    backend.close()


@pytest.fixture
def make_submission(tmp_path: Path):
    """Write `source` to a file in a fresh folder and read it as a submission."""

    def make(source: str | bytes, name: str = "solution.py") -> Submission:
        path = tmp_path / name
        path.write_bytes(source.encode() if isinstance(source, str) else source)
        return read_submission(path, extensions())

    return make


@pytest.fixture
def problem_copy(tmp_path: Path) -> Path:
    """A writable copy of problems/nqueens with its references beside it, as in the repo."""
    shutil.copytree(PROBLEMS / "nqueens", tmp_path / "problems" / "nqueens")
    shutil.copytree(ROOT / "reference" / "nqueens", tmp_path / "reference" / "nqueens")
    return tmp_path / "problems" / "nqueens"
