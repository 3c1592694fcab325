"""What only the process backend does: its namespaces, its control groups, and running
(loudly) without them."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path

import pytest

from grader.kinds import grade
from grader.languages import NEEDS
from grader.sandbox.cgroup import find_cgroup_parents
from grader.sandbox.process import bubblewrap as isolation
from grader.sandbox.process.sandbox import ProcessSandbox
from grader.verdicts import Verdict

from ..conftest import SUBMISSIONS, require

ACCEPTED = SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py"


def test_isolation_is_found_and_named_in_the_protections(process_sandbox) -> None:
    sandbox = process_sandbox
    require(sandbox.isolation.active, "namespace isolation", sandbox.isolation.reason)
    protections = " ".join(sandbox.protections())
    assert "Linux namespaces (bubblewrap)" in protections and "no network" in protections
    assert sandbox.warning() == "" or "control group" in sandbox.warning()


def test_a_missing_bubblewrap_is_reported_with_the_fix(monkeypatch) -> None:
    real_which = isolation.shutil.which
    monkeypatch.setattr(
        isolation.shutil, "which", lambda name: None if name == "bwrap" else real_which(name)
    )
    sandbox = ProcessSandbox(languages=NEEDS)
    assert not sandbox.isolation.active
    assert "NOT ISOLATED" in sandbox.warning() and "apt-get install bubblewrap" in sandbox.warning()
    assert not any("namespaces" in line for line in sandbox.protections())


def test_bubblewrap_failing_its_proof_stops_the_warm_runner_started_on_it(
    nqueens, nqueens_answers, make_submission, monkeypatch
) -> None:
    """The warm runner starts on bubblewrap's candidate while the probe runs: a probe that
    fails (`true` is `false` here) stops it, and the sandbox says NOT ISOLATED and grades
    without it."""
    from grader.sandbox.process import sandbox as backend
    from grader.sandbox.process.zygote import Zygote

    require(os.geteuid() == 0, "root (a warm runner)", "run the tests as root")
    real_which = isolation.shutil.which
    false = real_which("false")
    monkeypatch.setattr(
        isolation.shutil, "which", lambda name: false if name == "true" else real_which(name)
    )
    made: list[Zygote] = []

    class Recorded(Zygote):
        def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(backend, "Zygote", Recorded)
    with closing(ProcessSandbox(languages=NEEDS)) as sandbox:
        assert not sandbox.isolation.active
        assert "bubblewrap cannot create namespaces here" in sandbox.isolation.reason
        assert "NOT ISOLATED" in sandbox.warning()
        assert not sandbox.forks_runs and sandbox.warm_runners() == []
        assert len(made) == 1 and not made[0].alive()  # started on the candidate, stopped
        result = grade(nqueens, nqueens_answers, make_submission(ACCEPTED.read_text()), sandbox)
    assert result.verdict is Verdict.AC, result


def test_without_namespaces_grading_still_works(nqueens, nqueens_answers, make_submission):
    with closing(ProcessSandbox(languages=NEEDS, isolate=False)) as sandbox:
        result = grade(nqueens, nqueens_answers, make_submission(ACCEPTED.read_text()), sandbox)
    assert result.verdict is Verdict.AC, result


def test_runs_get_control_groups_that_are_removed_with_the_sandbox(
    nqueens, nqueens_answers, make_submission
) -> None:
    parents, reason = find_cgroup_parents()
    require(parents is not None, "a writable cgroup hierarchy", reason)
    assert parents is not None
    source = "def solve_n_queens(n):\n    return [open('/proc/self/cgroup').read().splitlines()]\n"
    before = _groups(parents.memory) | _groups(parents.pids)
    with closing(ProcessSandbox(languages=NEEDS)) as sandbox:
        result = grade(nqueens, nqueens_answers, make_submission(source), sandbox, True)
        during = _groups(parents.memory) | _groups(parents.pids)
    assert result.verdict is Verdict.WA
    assert during > before  # a group of the grader's own held the run
    assert _groups(parents.memory) | _groups(parents.pids) == before


def test_runs_at_the_same_time_share_no_uid_and_see_no_other_process(
    nqueens, nqueens_answers, make_submission, process_sandbox
) -> None:
    require(process_sandbox.forks_runs, "a warm runner", process_sandbox.isolation.reason)
    source = (
        "import os, time\n"
        "def solve_n_queens(n):\n"
        "    time.sleep(0.5)\n"
        "    print(os.getuid(), [p for p in os.listdir('/proc') if p.isdigit()])\n"
        "    return []\n"
    )
    submissions = [make_submission(source, f"run{index}.py") for index in range(2)]
    with ThreadPoolExecutor(2) as pool:
        results = list(
            pool.map(
                lambda submission: grade(
                    nqueens, nqueens_answers, submission, process_sandbox, True
                ),
                submissions,
            )
        )
    printed = [result.tests[0].output.split(" ", 1) for result in results]
    assert len({uid for uid, _ in printed}) == 2, printed  # a uid of its own per run
    assert all(pids.strip() == "['1']" for _, pids in printed), printed  # alone in its PIDs


def test_the_groups_of_a_grader_killed_outright_go_with_the_next_sandbox() -> None:
    parents, reason = find_cgroup_parents()
    require(parents is not None, "a writable cgroup hierarchy", reason)
    assert parents is not None
    gone = subprocess.Popen(["true"])
    gone.wait()
    orphaned = [parent / f"grader-{gone.pid}-orphaned" for parent in (parents.memory, parents.pids)]
    kept = [parent / f"grader-{os.getpid()}-living" for parent in (parents.memory, parents.pids)]
    for group in orphaned + kept:
        group.mkdir()
    try:
        with closing(ProcessSandbox(languages=NEEDS)):
            assert not any(group.exists() for group in orphaned)
            assert all(group.exists() for group in kept)  # its grader may still use it
    finally:
        for group in orphaned + kept:
            with contextlib.suppress(OSError):
                group.rmdir()


def _groups(parent: Path) -> set[str]:
    """This process's groups (named after its pid): another suite's or worker's come and go."""
    mine = f"grader-{os.getpid()}-"
    return {entry.name for entry in parent.iterdir() if entry.name.startswith(mine)}


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


def test_a_warm_runner_killed_from_outside_is_replaced(
    nqueens, nqueens_answers, make_submission
) -> None:
    with closing(ProcessSandbox(languages=NEEDS)) as sandbox:
        require(sandbox.forks_runs, "a warm runner", sandbox.isolation.reason)
        submission = make_submission(ACCEPTED.read_text())
        assert grade(nqueens, nqueens_answers, submission, sandbox).verdict is Verdict.AC
        # The warm runner and its forks (slots, spares, runs) share its command line;
        # killing it kills them all, so a later kill may find nobody.
        zygotes = [pid for pid in _descendants(os.getpid()) if b"def hold_slot" in _cmdline(pid)]
        assert zygotes, "no warm runner among this process's descendants"
        for pid in zygotes:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        assert _all_end(zygotes, timeout=30), "the killed warm runner is still there"
        result = grade(nqueens, nqueens_answers, submission, sandbox)
    assert result.verdict is Verdict.AC, result


def _all_end(pids: list[int], timeout: float) -> bool:
    """Whether every process of `pids` ends within `timeout` seconds: waited for through
    their pidfds, which become readable as each ends."""
    watched = []
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            watched.append(os.pidfd_open(pid))
    try:
        deadline = time.monotonic() + timeout
        pending = list(watched)
        while pending:
            ready, _, _ = select.select(pending, [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                return False
            pending = [fd for fd in pending if fd not in ready]
        return True
    finally:
        for fd in watched:
            os.close(fd)


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as stat:
                    parent = int(stat.read().rsplit(b")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(parent, []).append(int(entry))
    found, waiting = [], [root]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read()
    except OSError:
        return b""


def test_a_warm_runner_that_does_not_start_falls_back_and_says_so(
    nqueens, nqueens_answers, make_submission, monkeypatch, tmp_path
) -> None:
    from grader.sandbox.process import zygote

    broken = tmp_path / "_zygote.py"
    broken.write_text("import sys\nsys.stderr.write('no such luck')\nsys.exit(3)\n")
    monkeypatch.setattr(zygote, "SOURCE", broken)
    with closing(ProcessSandbox(languages=NEEDS)) as sandbox:
        require(sandbox.isolation.active and sandbox.isolation.as_root, "root isolation", "")
        result = grade(nqueens, nqueens_answers, make_submission(ACCEPTED.read_text()), sandbox)
        protections = " ".join(sandbox.protections())
        assert not sandbox.forks_runs
    assert result.verdict is Verdict.AC, result
    assert "the warm runner did not start: no such luck" in protections
    assert "a uid of its own" in protections


def test_a_warm_runner_outlives_the_thread_that_started_it(
    nqueens, nqueens_answers, make_submission
) -> None:
    # bubblewrap's --die-with-parent follows the thread that started it: `grade` opens its
    # sandbox in a thread that ends, and a batch's worker may start a runner and end first.
    opened: list[ProcessSandbox] = []
    with ThreadPoolExecutor(max_workers=1) as starter:
        starter.submit(lambda: opened.append(ProcessSandbox(languages=NEEDS))).result()
    with closing(opened[0]) as sandbox:
        require(sandbox.forks_runs, "a warm runner", sandbox.isolation.reason)
        [runner] = sandbox.warm_runners()
        # PR_SET_PDEATHSIG fires as the starting thread ends: its death would come now.
        died = _all_end([runner._process.pid], timeout=1.0)
        assert not died and runner.alive(), "the warm runner died with the thread that started it"
        submission = make_submission(ACCEPTED.read_text())
        result = grade(nqueens, nqueens_answers, submission, sandbox)
        assert result.verdict is Verdict.AC, result
        assert sandbox.warm_runners() == [runner]


def test_only_a_program_the_language_marks_runs_inside_the_warm_runner(
    process_sandbox, nqueens, make_submission
) -> None:
    """The same command line, with and without the language's mark: marked, the run is the
    warm interpreter itself (LeetCode's prelude already imported there); unmarked, a fresh
    interpreter is started, which has imported nothing of it."""
    from dataclasses import replace

    from grader.languages import FUNCTION_LANGUAGES
    from grader.protocol import Foreign

    require(process_sandbox.forks_runs, "a warm runner", process_sandbox.isolation.reason)
    source = "import sys\ndef solve_n_queens(n):\n    return [[int('typing' in sys.modules)]]\n"
    built = FUNCTION_LANGUAGES["python"].build(make_submission(source), nqueens, process_sandbox)
    assert built.program is not None and built.program.python_runner is not None
    seen = []
    for program in (built.program, replace(built.program, python_runner=None)):
        with process_sandbox.session(program, nqueens.limits, 1) as session:
            assert session.load().reply is not None
            reply = session.call((1,)).reply
            assert reply is not None and not isinstance(reply.value, Foreign)
            seen.append(reply.value)
    assert seen == [((1,),), ((0,),)]
