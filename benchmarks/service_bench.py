"""The grading service's own cost, against P (a bare interpreter's start-up) measured in the
same run, and against the command line on the same machine.

    .venv/bin/python benchmarks/service_bench.py [--quick]

- submit-to-result latency (POST with ?wait, p50 and p99) for one Python submission, on the
  embedded queue and through Redis with two `grader worker` processes;
- a batch through the API with 2 workers (Redis), in submissions per second, against
  `grader grade --jobs 2` on the same files;
- the recovery time after a worker is SIGKILLed mid-job: until another has taken it.

Everything runs on 127.0.0.1 or unix sockets, and everything started here is stopped here.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GRADER = ROOT / ".venv" / "bin" / "grader"
FAST = (ROOT / "submissions" / "nqueens" / "accepted" / "bitmask.py").read_text()
SLOW = (
    "import time\n"
    + FAST.replace("def solve_n_queens(n", "def _solve(n", 1)
    + ("\n\ndef solve_n_queens(n):\n    time.sleep(0.3)\n    return _solve(n)\n")
)


def floor_s(runs: int = 20) -> float:
    from grader.sandbox.preparation import python_places

    python = python_places().interpreter
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([python, "-I", "-S", "-c", "pass"], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        document: dict[str, object] = json.load(answer)
    return document


def latencies(base: str, count: int, tag: str) -> list[float]:
    """`count` submissions one after another, after three not measured (the workers' first
    job opens their sandbox's warm runner)."""
    seconds = []
    for index in range(-3, count):
        source = f"{FAST}\n# {tag} {index}\n"
        started = time.perf_counter()
        document = post(
            f"{base}/v1/submissions?wait=10",
            {
                "problem": "nqueens",
                "language": "python",
                "source": source,
                "student": f"{tag}{index % 5}",
            },
        )
        if index >= 0:
            seconds.append(time.perf_counter() - started)
        assert document["status"] == "done", document
    return seconds


@contextlib.contextmanager
def service(folder: Path, queue: str = "") -> Iterator[tuple[str, object]]:
    from grader.kinds.places import problem_roots
    from grader.service.live import serving
    from grader.service.options import ServiceOptions
    from grader.service.service import Service

    options = ServiceOptions(
        str(folder / "service.db"),
        problem_roots(),
        "process",
        2,
        queue,
        open=True,
        per_minute=10**6,
        pending_per_student=10**6,
        queue_capacity=10**6,
        runs_per_minute=10**6,
    )
    running = Service(options)
    try:
        with serving(running) as base:
            yield base, running
    finally:
        running.close()


@contextlib.contextmanager
def redis_and_workers(
    folder: Path, count: int
) -> Iterator[tuple[str, list[subprocess.Popen[bytes]]]]:
    from tests.service.processes import RedisServer, Workers

    redis = RedisServer(folder)
    workers = Workers(redis.url, folder / "service.db")
    try:
        for _ in range(count):
            workers.start()
        yield redis.url, workers.running
    finally:
        workers.stop()
        redis.stop()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def batch_rate(base: str, running: object, count: int) -> tuple[float, float]:
    """Submissions per second until every verdict is stored, and until every flag is found
    too (the instructor's flags follow the verdicts, when no grading waits)."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        for index in range(count):
            zipped.writestr(f"s{index:04d}/solution.py", f"{FAST}\n# batch {index}\n")
    boundary = "graderbench"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="problem"\r\n\r\nnqueens\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="archive"; filename="c.zip"\r\n'
            "Content-Type: application/zip\r\n\r\n"
        ).encode()
        + archive.getvalue()
        + f"\r\n--{boundary}--\r\n".encode()
    )
    request = urllib.request.Request(
        f"{base}/v1/batches",
        body,
        {"Content-Type": f"multipart/form-data; boundary={boundary}"},
        method="POST",
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as answer:
        batch = json.load(answer)
    graded_s = None
    while True:
        with urllib.request.urlopen(f"{base}{batch['urls']['self']}", timeout=60) as answer:
            progress = json.load(answer)
        if graded_s is None and progress["by_status"].get("done", 0) == count:
            graded_s = time.perf_counter() - started
        if graded_s is not None and progress["flags_owed"] == 0:
            break
        time.sleep(0.05)
    return count / graded_s, count / (time.perf_counter() - started)


def cli_rate(folder: Path, count: int, gradebook: bool = False) -> float:
    """`grader grade --jobs 2` on the same files; `gradebook`: into a gradebook (`--db`), as
    the service grades a batch: the probes and flags an instructor sees, and each result
    stored."""
    files = folder / "class"
    if not files.exists():
        for index in range(count):
            (files / f"s{index:04d}").mkdir(parents=True)
            (files / f"s{index:04d}" / "solution.py").write_text(f"{FAST}\n# batch {index}\n")
    stored = ("--db", str(folder / f"gradebook-{time.time_ns()}.db")) if gradebook else ()
    started = time.perf_counter()
    subprocess.run(
        [
            GRADER,
            "grade",
            "--jobs",
            "2",
            "--sandbox",
            "process",
            "--format",
            "json",
            *stored,
            str(files),
        ],
        stdout=subprocess.DEVNULL,
        env={"GRADER_SERVER": "off", "PATH": "/usr/local/bin:/usr/bin:/bin"},
        check=False,
    )
    return count / (time.perf_counter() - started)


def recovery_s(running: object, workers: list[subprocess.Popen[bytes]], base: str) -> float:
    """Every worker SIGKILLed while one grades a slow submission, a fresh one started at
    once: seconds until it has taken that submission (the lease running out dominates)."""
    from grader.service.service import Service
    from tests.service.processes import Workers

    assert isinstance(running, Service)
    document = post(
        f"{base}/v1/submissions",
        {"problem": "nqueens", "language": "python", "source": SLOW, "student": "slow"},
    )
    identity = str(document["id"])
    while (row := running.store.get(identity)) is None or row.status != "running":
        time.sleep(0.01)
    for worker in workers:
        worker.send_signal(signal.SIGKILL)
    for worker in workers:
        worker.wait()
    killed = time.perf_counter()
    spare = Workers(running.options.queue, Path(running.options.database))
    spare.start()
    try:
        while (row := running.store.get(identity)) is None or row.attempts < 2:
            time.sleep(0.01)
        return time.perf_counter() - killed
    finally:
        spare.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, a smaller batch")
    args = parser.parse_args()
    samples, batch = (15, 200) if args.quick else (60, 1000)
    p = floor_s()
    rows = []
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        (folder / "embedded").mkdir()
        with service(folder / "embedded") as (base, _):
            embedded = latencies(base, samples, "e")
        (folder / "redis").mkdir()
        with (
            redis_and_workers(folder / "redis", 2) as (url, workers),
            service(folder / "redis", url) as (base, running),
        ):
            through_redis = latencies(base, samples, "r")
            api_rate, flagged_rate = batch_rate(base, running, batch)
            recovered = recovery_s(running, workers, base)
        (folder / "cli").mkdir()
        cli = cli_rate(folder / "cli", batch)
        cli_db = cli_rate(folder / "cli", batch, gradebook=True)
    for name, values in (("embedded", embedded), ("through Redis, 2 workers", through_redis)):
        for label, fraction in (("p50", 0.5), ("p99", 0.99)):
            value = percentile(values, fraction)
            rows.append(
                (
                    f"submit to result, one Python submission, {name}, {label}",
                    f"{value * 1000:.1f} ms",
                    f"{value / p:.2f} P",
                )
            )
    rows.append(
        (
            f"batch of {batch} through the API, Redis, 2 workers",
            f"{api_rate:.0f}/s",
            f"{api_rate / cli:.0%} of the CLI's",
        )
    )
    rows.append(
        (
            "the same batch until every flag is found too",
            f"{flagged_rate:.0f}/s",
            f"{flagged_rate / cli_db:.0%} of `--jobs 2 --db`'s",
        )
    )
    rows.append((f"the same {batch} files, `grader grade --jobs 2`", f"{cli:.0f}/s", "-"))
    rows.append(("the same with `--db` (the flags and the gradebook)", f"{cli_db:.0f}/s", "-"))
    rows.append(
        (
            "workers SIGKILLed mid-job: until a fresh one has taken the submission",
            f"{recovered:.1f} s",
            "-",
        )
    )
    print(f"P = {p * 1000:.1f} ms (a bare `python -I -S -c pass`, median)\n")
    print("| figure | measured | ratio |\n| --- | --- | --- |")
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} |")


if __name__ == "__main__":
    main()
