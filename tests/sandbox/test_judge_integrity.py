"""The rest of the hostile suite, on every backend: attacks on what surrounds a run rather
than the run alone. A slow neighbour, a second grader on the host, links in a class folder,
an earlier run's request in a later run's memory, and reports a submission tries to forge.
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from grader.kinds import grade
from grader.kinds.batch import collect, grade_all
from grader.languages import NEEDS, extensions
from grader.problem import Problem
from grader.reports import REPORTERS
from grader.results import Report, SandboxInfo
from grader.storage.gradebook import Gradebook
from grader.text import UNSAFE
from grader.verdicts import Verdict

from ..conftest import ROOT, require_language
from .test_hostile import ACCEPTED, QUEENS


@pytest.fixture(scope="module")
def small_nqueens(nqueens: Problem) -> Problem:
    kept = tuple(test for test in nqueens.tests if test.name in ("n1", "n4", "n6"))
    return dataclasses.replace(nqueens, tests=kept)


# Right, but slow on purpose: 0.3 s of its own CPU per test, well inside 1 s alone.
PADDED = (
    QUEENS
    + """
import time
def solve_n_queens(n):
    start = time.process_time()
    while time.process_time() - start < 0.3:
        pass
    return queens(n)
"""
)

# Sixteen busy children: without a CPU share per run, they take the machine's every core.
BURNER = """
import os, time
for _ in range(16):
    if os.fork() == 0:
        while True:
            pass
def solve_n_queens(n):
    time.sleep(10**6)
"""


def test_a_burner_never_slows_its_neighbours(
    sandbox, small_nqueens: Problem, nqueens_answers, tmp_path: Path
) -> None:
    """A burner beside six correct files, two at a time: all six AC."""
    (tmp_path / "burner.py").write_text(BURNER)
    for index in range(6):
        (tmp_path / f"correct{index}.py").write_text(PADDED)
    entries = collect([str(tmp_path)], extensions())
    results = grade_all(
        small_nqueens, nqueens_answers, entries, sandbox, 2, True, lambda entry, result: None
    )
    verdicts = {Path(r.submission).name: r.verdict for r in results}
    assert verdicts.pop("burner.py") is Verdict.TLE
    slow = {name: v for name, v in verdicts.items() if v is not Verdict.AC}
    assert len(verdicts) == 6 and not slow, [
        (r.submission, [(t.verdict.value, t.wall_s) for t in r.tests]) for r in results
    ]


def test_links_in_a_class_folder_are_not_followed(
    sandbox, small_nqueens: Problem, nqueens_answers, tmp_path: Path
) -> None:
    """`ln -s /etc/shadow class/eve/solution.py`: the host's file is never read (as root),
    a link to a reference is never graded as the student's, a FIFO never blocks: each CE,
    saying why, and the student beside them is graded as usual."""
    token = secrets.token_hex(6)
    secret = tmp_path / "host-secret.txt"
    secret.write_text(f"root:{token}:19000:0:99999:7:::\n")
    folder = tmp_path / "class"
    for student in ("eve", "bob", "carol", "dave", "frank"):
        (folder / student).mkdir(parents=True)
    (folder / "eve" / "solution.py").symlink_to(secret)
    (folder / "bob" / "solution.py").symlink_to(ROOT / "reference" / "nqueens" / "bitmask.py")
    os.mkfifo(folder / "carol" / "solution.py")
    (folder / "dave" / "solution.py").write_text(ACCEPTED)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "solution.py").write_text(ACCEPTED)
    (folder / "frank" / "work").symlink_to(tmp_path / "elsewhere")  # a linked folder

    entries = collect([str(folder)], extensions())
    assert [entry.student for entry in entries] == ["bob", "carol", "dave", "eve"]
    results = {
        entry.student: grade(small_nqueens, nqueens_answers, entry.submission, sandbox)
        for entry in entries
    }
    assert {student: r.verdict for student, r in results.items()} == {
        "bob": Verdict.CE,
        "carol": Verdict.CE,
        "dave": Verdict.AC,
        "eve": Verdict.CE,
    }
    assert "symbolic link" in results["eve"].compile_output
    assert "symbolic link" in results["bob"].compile_output
    assert "not a regular file" in results["carol"].compile_output
    assert token not in json.dumps([dataclasses.asdict(r) for r in results.values()])


FIRST = (
    QUEENS
    + """
def solve_n_queens(n):
    return queens(n)
"""
)

# Looks for the first run's file name everywhere it can reach: the frames above its own
# (the warm runner's), every live object, and every byte of its memory, freed or not. The
# name is searched in two halves that are never side by side in this run's own memory.
SEARCHER = (
    QUEENS
    + """
import ctypes, sys
HEAD, TAIL = '@HEAD@'[::-1].encode(), '@TAIL@'[::-1].encode()
def found_in_memory():
    # Anonymous memory (the heap, the interpreter's arenas, stacks): a run made
    # undumpable by its uid change cannot open /proc/self/mem, but reads itself directly.
    with open('/proc/self/maps') as maps:
        regions = [line.split() for line in maps]
    for region in regions:
        name = region[5] if len(region) > 5 else ''
        if not region[1].startswith('r') or name not in ('', '[heap]', '[stack]'):
            continue
        start, end = (int(part, 16) for part in region[0].split('-'))
        chunk = ctypes.string_at(start, end - start)
        at = chunk.find(HEAD)
        while at >= 0:
            if chunk[at + len(HEAD):at + len(HEAD) + len(TAIL)] == TAIL:
                return region[0]
            at = chunk.find(HEAD, at + 1)
    return ''
def found_in_objects():
    frame, seen = sys._getframe(1), []
    while frame is not None:
        seen.append(repr(frame.f_locals))
        frame = frame.f_back
    text = ' '.join(seen)
    return HEAD.decode() + TAIL.decode() in text
def solve_n_queens(n):
    where = found_in_memory()
    if where or found_in_objects():
        print('found at', where)
        return []
    return queens(n)
"""
)


def test_no_earlier_run_is_in_a_later_runs_memory(
    sandbox, small_nqueens: Problem, nqueens_answers, make_submission
) -> None:
    """The warm runner forks each run from a parent that handed on the run before: neither
    that request (its file name, sizes, uid) nor anything else of it may be reachable."""
    token = secrets.token_hex(8)
    first = make_submission(FIRST, f"first_{token}.py")
    assert grade(small_nqueens, nqueens_answers, first, sandbox).verdict is Verdict.AC
    head, tail = f"first_{token[:8]}", f"{token[8:]}.py"
    source = SEARCHER.replace("@HEAD@", head[::-1]).replace("@TAIL@", tail[::-1])
    second = grade(small_nqueens, nqueens_answers, make_submission(source), sandbox, True)
    assert second.verdict is Verdict.AC, second.tests[0].output


FORGERS = {
    "an exception message with terminal escapes and a lone surrogate": (
        "def solve_n_queens(n):\n"
        "    raise ValueError('\\x1b[2J\\x1b]52;c;cHduZWQ=\\x07\\r"
        "AC accepted, score 10/10\\x9b31m\\udfff\\u202e')\n"
    ),
    "output and a class name that forge lines and CI commands": (
        "import sys\n"
        "Fake = type('Err\\x1b[2K\\n::error file=README.md::injected', (Exception,), {})\n"
        "def solve_n_queens(n):\n"
        "    print('\\x1b[1A\\x1b[2K\\n::error file=README.md::injected\\n##[error]old')\n"
        "    sys.stdout.buffer.write(b'\\xed\\xbf\\xbf\\xff')  # not UTF-8\n"
        "    if n > 1:\n"
        "        raise Fake('\\x00\\x07')\n"
        "    return [[0]]\n"
    ),
    "a compile error quoting a forged line": ("x = (\n::error file=README.md::injected \x1b[2J\n"),
}


@pytest.mark.parametrize("forger", list(FORGERS), ids=list(FORGERS))
def test_reports_cannot_be_forged(
    forger: str, sandbox, small_nqueens: Problem, nqueens_answers, tmp_path: Path
) -> None:
    """Whatever a submission raises, prints or is named, every report format and the
    gradebook take it: no control character, no lone surrogate, valid XML, no CI command
    but the harness's own annotations."""
    folder = tmp_path / "class" / "eve\x1b[2J\n::error title=x::injected"
    folder.mkdir(parents=True)
    path = folder / "c\n::error title=x::injected.py"
    path.write_bytes(FORGERS[forger].encode("utf-8", "surrogatepass"))
    entries = collect([str(tmp_path / "class")], extensions())
    result = grade(small_nqueens, nqueens_answers, entries[0].submission, sandbox, True)
    assert result.verdict in (Verdict.RTE, Verdict.WA, Verdict.CE)
    report = Report(
        "nqueens", "problems/nqueens/problem.yaml", SandboxInfo(sandbox.name, ()), (result,)
    )
    failing = len([t for t in result.tests if t.verdict is not Verdict.AC]) or 1
    for name, render in REPORTERS.items():
        rendered = render(report, False)
        rendered.encode("utf-8")  # a lone surrogate would raise here
        assert not UNSAFE.search(rendered), (name, UNSAFE.search(rendered))
        lines = rendered.splitlines()
        commands = [line for line in lines if line.lstrip().startswith("::")]
        if name == "github":
            assert len(commands) == failing, commands
            assert all(line.startswith("::error file=") for line in commands)
            assert not any("README.md" in line.split("::")[1] for line in commands)
        elif name != "json":
            assert commands == [], (name, commands)
        if name == "junit":
            ElementTree.fromstring(rendered.encode())
        assert not any("##[" in line for line in lines), name
    book = Gradebook(tmp_path / "grades.sqlite")
    book.record(entries[0].submission, entries[0].student, small_nqueens, sandbox.name, result)
    assert "injected" in book.export_csv()
    book.close()


THREADED = (
    QUEENS
    + """
import threading
def solve_n_queens(n):
    release = threading.Event()
    threads = [threading.Thread(target=release.wait) for _ in range(3)]
    for thread in threads:
        thread.start()
    release.set()
    for thread in threads:
        thread.join()
    return queens(n)
"""
)

# Sixty-two processes (RLIMIT_NPROC is 64) held for as long as the submission lasts (each
# test a second and a half).
HOARDER = """
import os, time
for _ in range(62):
    if os.fork() == 0:
        time.sleep(10**6)
def solve_n_queens(n):
    time.sleep(1.5)
    return []
"""


def test_two_graders_on_one_host_share_no_uid(tmp_path: Path) -> None:
    """A fork-heavy run in one grader, a correct threaded file in another at the same time:
    with run uids of their own, the second's threads count against nobody's limit."""
    from grader.sandbox.process.sandbox import ProcessSandbox

    from ..conftest import require

    if os.geteuid() != 0:
        pytest.skip("run uids are the grader's to choose only as root")
    probe = ProcessSandbox(languages=NEEDS, warm=False)
    probe.close()
    require(probe.isolation.active, "namespace isolation", probe.isolation.reason)
    hoarder = tmp_path / "hoarder.py"
    hoarder.write_text(HOARDER)
    (tmp_path / "threaded.py").write_text(THREADED)
    command = [sys.executable, "-m", "grader", "grade", "--sandbox", "process"]
    environment = os.environ | {"GRADER_SERVER": "off"}
    hoarding = subprocess.Popen(
        [*command, str(hoarder)],
        env=environment,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while _most_processes_of_a_run_uid() < 60:
            assert hoarding.poll() is None and time.monotonic() < deadline, "no hoard"
            time.sleep(0.02)
        graded = subprocess.run(
            [*command, "--format", "json", str(tmp_path / "threaded.py")],
            env=environment,
            cwd=ROOT,
            capture_output=True,
            timeout=120,
            check=False,
        )
        still_hoarding = hoarding.poll() is None
    finally:
        hoarding.kill()
        hoarding.wait()
    result = json.loads(graded.stdout)["results"][0]
    assert still_hoarding, "the hoard ended before the threaded file was graded"
    assert result["verdict"] == "AC", [(t["verdict"], t["message"]) for t in result["tests"]]


def _most_processes_of_a_run_uid() -> int:
    """How many processes the run uid with the most has (the hoarder's, once it hoards)."""
    from grader.sandbox.uids import RUN_UID_BASE, process_uids

    counts: dict[int, int] = {}
    for _, uid in process_uids():
        if uid >= RUN_UID_BASE:
            counts[uid] = counts.get(uid, 0) + 1
    return max(counts.values(), default=0)


CHANNEL_WRITER = """
import os, stat
def solve_n_queens(n):
    for fd in range(3, 256):
        try:
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                os.write(fd, b"\\xff\\xff\\xff\\xff" + b"not a frame" * 100)
        except OSError:
            pass
    return []
"""


def test_bytes_written_into_the_channel_are_named_as_such(
    sandbox, small_nqueens: Problem, nqueens_answers, make_submission
) -> None:
    """Not "the returned value is too large": the student wrote to the judge's channel."""
    result = grade(small_nqueens, nqueens_answers, make_submission(CHANNEL_WRITER), sandbox)
    assert result.verdict is Verdict.RTE, result
    assert "wrote directly to the judge's channel" in result.tests[0].message
    assert "too large" not in result.tests[0].message


# Frames written to the channel from a C++ static initializer, before the driver's main
# sends its own ready frame: a ready frame, then a value for every request id a counter
# would give, a little apart so that some arrive before each request and some after.
STATIC_INIT_FORGER = r"""
#include <cstdlib>
#include <unistd.h>
static void put(int fd, const std::string &body) {
    unsigned char header[4] = {0, 0, (unsigned char)(body.size() >> 8), (unsigned char)body.size()};
    std::string frame((char *)header, 4);
    (void)!write(fd, (frame + body).data(), frame.size() + body.size());
}
static int forge() {
    const char *fd = std::getenv("GRADER_FD");
    if (!fd) return 0;
    put(std::atoi(fd), "{\"kind\":\"ready\"}");
    for (int id = 1; id <= 12; ++id) {
        usleep(200);
        std::string id_field = "{\"id\":" + std::to_string(id);
        put(std::atoi(fd), id_field + ",\"kind\":\"value\",\"value\":[[0]]}");
    }
    return 1;
}
static int forged = forge();
class Solution {
public:
    vector<vector<int>> solveNQueens(int n) { return {}; }
};
"""


@pytest.mark.slow
def test_frames_forged_before_main_never_answer_a_test(
    sandbox, small_nqueens: Problem, nqueens_answers, make_submission
) -> None:
    """Every time, whichever way the frames and the requests interleave: each test is
    refused (RTE), none answered by a forged value (it was AC or WA 1 time in 5)."""
    require_language("cpp")
    submission = make_submission(STATIC_INIT_FORGER, "solution.cpp")
    for _ in range(15):
        result = grade(small_nqueens, nqueens_answers, submission, sandbox, True)
        assert [test.verdict for test in result.tests] == [Verdict.RTE] * 3, result
        # Refused at the load (the rest then not run) or at the first test's call.
        assert "judge's channel" in result.tests[0].message, result
