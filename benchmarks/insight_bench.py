"""The instructor's tools on a class, against P (a bare interpreter's start-up) measured in
the same run:

    .venv/bin/python benchmarks/insight_bench.py [--size 300]

- the sample class written (python -m grader.insight.sample);
- the static flags of every submission (what the judge adds to an instructor's result);
- `grader similar` over the class folder (tokens, fingerprints, pairs);
- `grader report` from a gradebook of the class (graded here once with the process backend,
  `--jobs 2`; that grading time is printed too, it is the grader's, not the report's).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GRADER = ROOT / ".venv" / "bin" / "grader"

from service_bench import floor_s  # noqa: E402 - beside this script, on its path


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=300)
    size = parser.parse_args().size
    from grader.flags.hardcoded import hardcoded_flags
    from grader.insight.sample import make_class
    from grader.kinds import load_answers, load_problem

    floor = floor_s()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "class"
        started = time.perf_counter()
        make_class(folder, size)
        written = time.perf_counter() - started
        problem = load_problem(ROOT / "problems" / "nqueens")
        answers = load_answers(problem)
        files = sorted(folder.glob("*/solution.py"))
        started = time.perf_counter()
        for path in files:
            hardcoded_flags(path.read_bytes(), "python", problem, answers)
        flags = time.perf_counter() - started
        similar = timed([str(GRADER), "similar", str(folder)])
        database = str(Path(scratch) / "class.db")
        output = str(Path(scratch) / "out.txt")
        graded = timed(
            [
                str(GRADER),
                "grade",
                str(folder),
                "--db",
                database,
                "--jobs",
                "2",
                "--sandbox",
                "process",
                "--output",
                output,
            ]
        )
        report = timed(
            [
                str(GRADER),
                "report",
                "--db",
                database,
                "--output",
                str(Path(scratch) / "report.html"),
            ]
        )
    print(f"P (python -I -S -c pass): {floor * 1000:.1f} ms; a class of {size}")
    for name, seconds in [
        ("sample class written", written),
        ("static flags, every submission", flags),
        ("grader similar, the class folder", similar),
        ("grader report, from the gradebook", report),
        ("(grading the class, process backend, --jobs 2)", graded),
    ]:
        print(f"  {name:<48} {seconds:8.2f} s = {seconds / floor:8.0f} P")


if __name__ == "__main__":
    main()
