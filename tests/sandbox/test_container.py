"""What only the docker backend does: its image, and its messages when it cannot run."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess

import pytest

from grader.errors import SandboxUnavailable
from grader.languages import NEEDS
from grader.sandbox import SandboxOptions
from grader.sandbox.base import Runtime
from grader.sandbox.docker.engine import connect
from grader.sandbox.docker.image import build_image, image_tag, registry_unreachable
from grader.sandbox.docker.sandbox import DockerSandbox

from ..conftest import ROOT, require

GRADER = ROOT / ".venv" / "bin" / "grader"


@pytest.fixture(scope="module")
def client():
    try:
        engine = connect()
    except SandboxUnavailable as error:
        require(False, "the Docker engine", str(error))
        raise
    yield engine
    engine.close()


def test_building_twice_reuses_the_image(client) -> None:
    runtimes = NEEDS.runtimes()
    first = build_image(client, runtimes, "auto")
    again = build_image(client, runtimes, "auto")
    assert again.reused and again.tag == first.tag == image_tag(runtimes)
    assert again.recipe in ("registry", "offline")
    image = client.images.get(first.tag)
    assert image.attrs["Config"]["User"] == "65534:65534"
    assert image.labels["org.grader.argv0.python"]


def test_the_image_carries_the_standard_library_not_its_prefix(client) -> None:
    """What made a fresh machine's first image take minutes: all of /usr (compilers, JDK,
    browser) copied in for the interpreter's sake."""
    (python,) = [runtime for runtime in NEEDS.runtimes() if runtime.language == "python"]
    assert python.dirs and all("python3" in tree for tree in python.dirs), python.dirs
    image = client.images.get(build_image(client, NEEDS.runtimes(), "auto").tag)
    if image.labels["org.grader.recipe"] == "offline":
        assert image.attrs["Size"] < 400 * 2**20, image.attrs["Size"]


def test_the_registry_recipe_is_skipped_when_its_base_is_nowhere(client) -> None:
    built = build_image(client, NEEDS.runtimes(), "auto")
    here = Runtime("python", "/usr/bin/python3", (), built.tag, "/usr/bin/python3")
    assert registry_unreachable(client, (here,)) == ""  # the base is on this engine
    # No registry holds this name, and where none answers the probe gives up quickly.
    nowhere = Runtime("python", "/usr/bin/python3", (), "grader-test/never:0", "/usr/bin/x")
    assert "grader-test/never:0" in registry_unreachable(client, (nowhere,))


def test_a_missing_image_says_how_to_build_it(client) -> None:
    unknown = Runtime("python", "/nowhere/python9", (), "python:9-slim", "/usr/bin/python9")
    with pytest.raises(SandboxUnavailable, match="grader image build"):
        DockerSandbox((unknown,), client=connect())


def test_the_engine_not_running_is_a_message_not_a_traceback(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("DOCKER_HOST", f"unix://{tmp_path}/docker.sock")
    with pytest.raises(SandboxUnavailable, match="not reachable.*--sandbox process"):
        connect()


def test_nothing_of_a_run_is_left_in_the_engine(client, tmp_path) -> None:
    """A grader of its own (a process, so its containers carry its pid alone, apart from any
    other sandbox's in this one), with one run killed and restarted: once it exited, none of
    its containers is left. Listed without inspecting each (sparse), so a container being
    removed in the background cannot vanish between the listing and its inspection."""
    from docker.errors import NotFound

    from grader.sandbox.docker.containers import RUN_LABEL

    require(GRADER.exists(), "the grader command", "run scripts/setup")
    solution = tmp_path / "solution.py"
    solution.write_text(
        "import os\ndef solve_n_queens(n):\n    if n == 4:\n        os._exit(3)\n    return []\n"
    )
    grader = subprocess.Popen(
        [str(GRADER), "grade", "--sandbox", "docker", "--format", "json", str(solution)],
        stdout=subprocess.PIPE,
        env=os.environ | {"GRADER_SERVER": "off"},
    )
    out, _ = grader.communicate(timeout=300)
    tests = json.loads(out)["results"][0]["tests"]
    assert [test["verdict"] for test in tests].count("RTE") == 1  # one kill, one restart
    left = client.api.containers(all=True, filters={"label": f"{RUN_LABEL}={grader.pid}"})
    # A warm container the grader killed is removed by the engine itself (auto-remove), a
    # moment after: each one left is waited for until the engine says it is gone. One the
    # engine would keep (a run's container nobody removed) never is: the wait times out.
    for container in left:
        with contextlib.suppress(NotFound):  # gone between the listing and the wait
            client.api.wait(container["Id"], timeout=60, condition="removed")
    assert client.api.containers(all=True, filters={"label": f"{RUN_LABEL}={grader.pid}"}) == []


def test_a_warm_container_that_does_not_start_says_why(
    client, nqueens, nqueens_answers, make_submission, monkeypatch, tmp_path
) -> None:
    """What the warm container said on stderr reaches the protections the report shows (it
    writes it to a file of its folder: the engine removes the container, and its log with
    it, once it ended); its submissions get a container each."""
    from grader.kinds import grade
    from grader.sandbox.process import zygote
    from grader.verdicts import Verdict

    broken = tmp_path / "_zygote.py"
    broken.write_text("import sys\nsys.stderr.write('no such luck in a container')\nsys.exit(3)\n")
    monkeypatch.setattr(zygote, "SOURCE", broken)
    with DockerSandbox(client=connect(), options=SandboxOptions(languages=NEEDS)) as sandbox:
        solution = (ROOT / "submissions/nqueens/accepted/bitmask.py").read_text()
        result = grade(nqueens, nqueens_answers, make_submission(solution), sandbox)
        protections = " ".join(sandbox.protections())
        assert not sandbox.forks_runs
    assert result.verdict is Verdict.AC, result
    # Said whether it ended before the engine gave its pid or after it connected.
    assert "the warm container did not start: " in protections
    assert "no such luck in a container" in protections


def test_containers_of_a_killed_grader_are_removed(client) -> None:
    from grader.sandbox.docker.containers import RUN_LABEL

    dead = subprocess.Popen(["true"])
    dead.wait()
    tag = image_tag(NEEDS.runtimes())
    orphan = client.containers.create(tag, command=["/nowhere"], labels={RUN_LABEL: str(dead.pid)})
    ours = client.containers.create(tag, command=["/nowhere"], labels={RUN_LABEL: "1"})
    try:
        DockerSandbox(client=connect(), options=SandboxOptions(languages=NEEDS)).close()
        alive = {c["Id"] for c in client.api.containers(all=True)}  # no inspection: no race
        assert orphan.id not in alive
        assert ours.id in alive  # pid 1 lives: never touch a running grader's containers
    finally:
        ours.remove(force=True)
