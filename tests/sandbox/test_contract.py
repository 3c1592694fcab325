"""The contract every backend keeps (parametrized over backends by the `sandbox` fixture):
the child's view, its limits, and what the parent measures."""

from __future__ import annotations

from grader.kinds import grade
from grader.languages.python import Python
from grader.limits import Limits
from grader.protocol import ReplyKind
from grader.sandbox import Sandbox
from grader.sandbox.base import Program, Termination
from grader.verdicts import Verdict

from ..conftest import open_backend

LIMITS = Limits(time_s=2.0, wall_s=4.0, memory_mib=256, output_kib=64)


def run(source: str, nqueens, make_submission, sandbox, calls=((4,),)):
    """Load `source` and call it once per element of `calls`; the outcomes, in order."""
    program = Python().build(make_submission(source), nqueens, sandbox).program
    with sandbox.session(program, LIMITS, len(calls)) as session:
        loaded = session.load()
        assert loaded.reply is not None and loaded.reply.kind is ReplyKind.READY, loaded
        return [session.call(args) for args in calls]


def value_of(outcome):
    assert outcome.termination is Termination.REPLIED, outcome
    assert outcome.reply.kind is ReplyKind.VALUE, outcome.reply
    return outcome.reply.value


def test_no_variable_of_the_grader_reaches_the_child(
    nqueens, make_submission, sandbox, monkeypatch
) -> None:
    monkeypatch.setenv("GRADER_TEST_SECRET", "hunter2")
    source = (
        "import os\n"
        "def solve_n_queens(n):\n"
        "    return [f'{k}={v}' for k, v in os.environ.items()]\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    variables = dict(item.split("=", 1) for item in value_of(outcome))
    assert "hunter2" not in str(variables)
    assert set(variables) <= {"PATH", "LANG", "LC_ALL", "HOME", "TMPDIR", "PWD", "HOSTNAME"}


def test_stdin_is_empty_and_the_work_dir_is_private(nqueens, make_submission, sandbox) -> None:
    source = (
        "import os, sys\n"
        "def solve_n_queens(n):\n"
        "    return [sys.stdin.read(), os.getcwd(), sorted(os.listdir('.'))]\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    stdin, workdir, files = value_of(outcome)
    assert stdin == ""
    assert files == ("solution.py",)
    assert workdir == "/tmp"  # the sandbox's own tmpfs, not a directory of the host


def test_the_work_dir_is_writable(nqueens, make_submission, sandbox) -> None:
    source = (
        "import os\n"
        "def solve_n_queens(n):\n"
        "    with open('scratch.txt', 'w') as handle:\n"
        "        handle.write('kept')\n"
        "    return [open('scratch.txt').read(), os.environ['HOME'], os.environ['TMPDIR']]\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    assert value_of(outcome) == ("kept", "/tmp", "/tmp")


def test_only_the_result_channel_is_open(nqueens, make_submission, sandbox) -> None:
    source = (
        "import os\n"
        "def solve_n_queens(n):\n"
        "    return sorted(int(fd) for fd in os.listdir('/proc/self/fd'))\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    descriptors = value_of(outcome)
    # stdin, stdout, stderr, the channel, and the descriptor listdir itself holds open.
    assert len(descriptors) == 5, descriptors


def test_a_killed_child_is_replaced_by_a_fresh_one(nqueens, make_submission, sandbox) -> None:
    source = (
        "calls = []\n"
        "def solve_n_queens(n):\n"
        "    calls.append(n)\n"
        "    while n == 5:\n"
        "        pass\n"
        "    return len(calls)\n"
    )
    first, looped, after = run(source, nqueens, make_submission, sandbox, calls=((4,), (5,), (6,)))
    assert value_of(first) == 1
    assert looped.termination is Termination.CPU_LIMIT
    assert looped.cpu_s >= LIMITS.time_s
    assert value_of(after) == 1  # a new process: the old one's state is gone


def test_sleeping_is_stopped_by_the_wall_clock(nqueens, make_submission, sandbox) -> None:
    source = "import time\ndef solve_n_queens(n):\n    time.sleep(1000)\n"
    [outcome] = run(source, nqueens, make_submission, sandbox)
    assert outcome.termination is Termination.WALL_LIMIT
    assert LIMITS.wall_s <= outcome.wall_s < LIMITS.wall_s + 2
    assert outcome.cpu_s < 1


def test_patched_clocks_change_nothing(nqueens, make_submission, sandbox) -> None:
    source = (
        "import time\n"
        "time.time = time.monotonic = time.perf_counter = time.process_time = lambda: 0.0\n"
        "def solve_n_queens(n):\n"
        "    while True:\n"
        "        pass\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    assert outcome.termination is Termination.CPU_LIMIT


def test_closing_the_channel_and_running_on_is_a_time_limit(nqueens, make_submission, sandbox):
    source = (
        "import os\n"
        "def solve_n_queens(n):\n"
        "    for fd in range(3, 64):\n"
        "        try:\n"
        "            os.close(fd)\n"
        "        except OSError:\n"
        "            pass\n"
        "    while True:\n"
        "        pass\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    assert outcome.termination is Termination.CPU_LIMIT


def test_output_is_captured_and_capped(nqueens, make_submission, sandbox) -> None:
    source = "def solve_n_queens(n):\n    print('x' * 20000)\n    return []\n"
    [outcome] = run(source, nqueens, make_submission, sandbox)
    assert value_of(outcome) == ()
    assert outcome.output_bytes > 20000
    assert len(outcome.stdout) <= 4096


def test_memory_is_measured_per_call(nqueens, make_submission, sandbox) -> None:
    source = (
        "def solve_n_queens(n):\n"
        "    block = bytearray(n * 1024 * 1024)\n"
        "    block[::4096] = b'x' * len(block[::4096])\n"
        "    return []\n"
    )
    small, large = run(source, nqueens, make_submission, sandbox, calls=((1,), (100,)))
    assert large.memory_kib - small.memory_kib > 80 * 1024


def test_forged_frames_on_every_descriptor_never_shift_answers(
    nqueens, nqueens_answers, make_submission, sandbox
) -> None:
    source = (
        "import os\n"
        'FRAME = b\'{"kind":"value","value":[[1,3,0,2],[2,0,3,1]]}\'\n'
        "def solve_n_queens(n):\n"
        "    for fd in range(1, 64):\n"
        "        try:\n"
        "            os.write(fd, len(FRAME).to_bytes(4, 'big') + FRAME)\n"
        "        except OSError:\n"
        "            pass\n"
        "    return []\n"
    )
    result = grade(nqueens, nqueens_answers, make_submission(source), sandbox, True)
    assert result.verdict in (Verdict.WA, Verdict.RTE)
    # Each call is answered by the first frame it got, or refused when the channel already
    # held one: a frame meant for one test never answers the next. Only n = 2 (where [] is
    # right) and n = 4 (the forged value is its answer) can pass.
    for test in result.tests:
        if test.verdict is Verdict.AC:
            assert test.input in ({"n": 2}, {"n": 4})
        else:
            assert test.verdict in (Verdict.WA, Verdict.RTE), test
    # Whether the forged frame arrives alone (then the reply that follows is out of turn) or
    # with the reply in one read (two frames for one request) is a matter of timing; either
    # way the channel is refused, never believed.
    refused = [test for test in result.tests if test.verdict is Verdict.RTE]
    assert refused and all("channel" in test.message for test in refused)


def test_rlimits_are_set_with_soft_equal_to_hard(nqueens, make_submission, sandbox) -> None:
    source = (
        "import resource\n"
        "NAMES = ['RLIMIT_CPU', 'RLIMIT_AS', 'RLIMIT_DATA', 'RLIMIT_FSIZE', 'RLIMIT_NOFILE',\n"
        "         'RLIMIT_CORE']\n"
        "def solve_n_queens(n):\n"
        "    return [list(resource.getrlimit(getattr(resource, name))) for name in NAMES]\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    cpu, address_space, data, file_size, open_files, core = value_of(outcome)
    for soft, hard in (cpu, address_space, file_size, open_files, core):
        assert soft == hard
    # Docker has no address-space ulimit; it bounds the data segment (and the cgroup) instead.
    assert LIMITS.memory_mib * 1024 * 1024 in (address_space[0], data[0])
    assert 0 < cpu[0] <= 60
    assert 0 < file_size[0] <= 16 * 1024 * 1024
    assert 0 < open_files[0] <= 256
    assert core[0] == 0


def test_the_child_is_unprivileged(nqueens, make_submission, sandbox) -> None:
    source = (
        "import os\n"
        "def solve_n_queens(n):\n"
        "    status = dict(line.split(':', 1) for line in open('/proc/self/status'))\n"
        "    return [os.getuid(), os.geteuid(), status['NoNewPrivs'].strip(),\n"
        "            status['CapEff'].strip(), status['CapBnd'].strip()]\n"
    )
    [outcome] = run(source, nqueens, make_submission, sandbox)
    uid, euid, no_new_privs, effective, bounding = value_of(outcome)
    assert uid != 0 and euid != 0
    assert no_new_privs == "1"
    assert int(effective, 16) == 0 and int(bounding, 16) == 0


def test_a_plain_run_ends_with_its_exit_its_whole_output_and_its_limits(sandbox) -> None:
    from dataclasses import replace

    from grader.sandbox.base import Program
    from grader.sandbox.preparation import shell

    limits = Limits(time_s=2, wall_s=4, memory_mib=128, output_kib=64, keep_output=True)
    script = 'id -u; head -c 40000 /dev/zero | tr "\\0" x; echo; exit 3'
    said = Program("c", (shell(), "-c", script), (), runtime_dirs=("/usr",))
    ran = sandbox.run(said, limits)
    assert (ran.termination, ran.exit_code) == (Termination.EXITED, 3)
    uid, printed = ran.stdout.split(b"\n")[:2]
    assert int(uid) != 0 and printed == b"x" * 40000  # all of it: no report's head
    _flood_is_an_output_limit(sandbox, replace(said, argv=(shell(), "-c", "yes")), limits)
    spinning = replace(said, argv=(shell(), "-c", "while :; do :; done"))
    assert sandbox.run(spinning, replace(limits, time_s=0.5)).termination is Termination.CPU_LIMIT


def _flood_is_an_output_limit(sandbox: Sandbox, flood: Program, limits: Limits) -> None:
    """A flood is stopped at the output limit as it is printed, on every backend (a
    container's output is attached as it runs, never read back from a log once it ends)."""
    flooded = sandbox.run(flood, limits)
    assert flooded.termination is Termination.OUTPUT_LIMIT, flooded.termination
    assert len(flooded.stdout) <= 64 * 1024 < flooded.output_bytes
    assert flooded.stdout.startswith(b"y\ny\n")


def test_a_flood_is_an_output_limit_under_gvisor() -> None:
    from grader.sandbox.preparation import shell

    gvisor = open_backend("docker-runsc")
    try:
        limits = Limits(time_s=2, wall_s=4, memory_mib=128, output_kib=64, keep_output=True)
        flood = Program("c", (shell(), "-c", "yes"), (), runtime_dirs=("/usr",))
        _flood_is_an_output_limit(gvisor, flood, limits)
        stderr = Program("c", (shell(), "-c", "yes >&2"), (), runtime_dirs=("/usr",))
        assert gvisor.run(stderr, limits).termination is Termination.OUTPUT_LIMIT
    finally:
        gvisor.close()
