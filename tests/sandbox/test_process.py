"""What only the process backend does: its namespaces, its control groups, and running
(loudly) without them."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.judge import grade
from grader.sandbox import isolation
from grader.sandbox.cgroup import find_cgroup_parents
from grader.sandbox.process import ProcessSandbox
from grader.verdicts import Verdict

from ..conftest import SUBMISSIONS, require

ACCEPTED = SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py"


def test_isolation_is_found_and_named_in_the_protections() -> None:
    sandbox = ProcessSandbox()
    require(sandbox.isolation.active, "namespace isolation", sandbox.isolation.reason)
    protections = " ".join(sandbox.protections())
    assert "Linux namespaces (bubblewrap)" in protections and "no network" in protections
    assert sandbox.warning() == "" or "control group" in sandbox.warning()


def test_a_missing_bubblewrap_is_reported_with_the_fix(monkeypatch) -> None:
    real_which = isolation.shutil.which
    monkeypatch.setattr(
        isolation.shutil, "which", lambda name: None if name == "bwrap" else real_which(name)
    )
    sandbox = ProcessSandbox()
    assert not sandbox.isolation.active
    assert "NOT ISOLATED" in sandbox.warning() and "apt-get install bubblewrap" in sandbox.warning()
    assert not any("namespaces" in line for line in sandbox.protections())


def test_without_namespaces_grading_still_works(nqueens, nqueens_answers, make_submission):
    sandbox = ProcessSandbox(isolate=False)
    result = grade(nqueens, nqueens_answers, make_submission(ACCEPTED.read_text()), sandbox)
    assert result.verdict is Verdict.AC, result


def test_each_run_gets_its_own_cgroups_and_they_are_removed(
    nqueens, nqueens_answers, make_submission
) -> None:
    parents, reason = find_cgroup_parents()
    require(parents is not None, "a writable cgroup hierarchy", reason)
    assert parents is not None
    source = "def solve_n_queens(n):\n    return [open('/proc/self/cgroup').read().splitlines()]\n"
    sandbox = ProcessSandbox()
    before = _groups(parents.memory) | _groups(parents.pids)
    result = grade(nqueens, nqueens_answers, make_submission(source), sandbox, True)
    assert result.verdict is Verdict.WA
    assert _groups(parents.memory) | _groups(parents.pids) == before


def _groups(parent: Path) -> set[str]:
    return {entry.name for entry in parent.iterdir() if entry.name.startswith("grader-")}


@pytest.mark.parametrize("as_root", [True, False])
def test_the_command_line_hides_the_grader_and_drops_root(as_root: bool, tmp_path) -> None:
    runtime = tmp_path.resolve() / "python"
    (runtime / "lib" / "site-packages").mkdir(parents=True)
    found = isolation.Isolation("/usr/bin/bwrap", as_root, "/usr/bin/setpriv")
    argv = isolation.bwrap_argv(
        found,
        (f"{runtime}/bin/python3", "-c", "pass"),
        "/box",
        ["solution.py"],
        [str(runtime)],
        [str(runtime / "lib" / "site-packages"), str(tmp_path / "elsewhere")],
        "/usr/bin/prlimit",
        {"as": 1},
        None,
    )
    text = " ".join(argv)
    assert "--unshare-net" in argv and "--die-with-parent" in argv
    assert f"--ro-bind {runtime} {runtime}" in text
    assert f"--tmpfs {runtime}/lib/site-packages" in text
    assert "elsewhere" not in text  # not under any bound tree: nothing to hide
    assert "--perms 0755 --dir " + str(runtime.parent) in text
    assert "--ro-bind /box/solution.py /tmp/solution.py" in text
    assert ("--reuid=65534" in argv) is as_root
    assert ("--unshare-user" in argv) is not as_root
    assert argv[-3:] == [f"{runtime}/bin/python3", "-c", "pass"]
