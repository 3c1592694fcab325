"""The same verdicts on a busy machine as on a quiet one:

    .venv/bin/python benchmarks/load_bench.py [--backend process] [--loads 0 2 4]

grades the borderline corpus (benchmarks/borderline/: files near their problem's limits on
either side, and examples of submissions/ near theirs) once per load: quiet, then beside
CPU burners numbering 2x and 4x this machine's cores. Every test's verdict must be the same
at every load, and the quiet one the folder's; the script prints them, the slowest test's
CPU, what each pass cost against the quiet one and the longest time a test spent not
computing, and exits 1 if any verdict moved.

Each burner runs in a session of its own (`start_new_session`), as a neighbour's program
does: burners in the grader's own session would share its autogroup (Linux gives each
session one slice of the CPU between them all) and starve nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from grader.functions.verify import FOLDERS  # noqa: E402
from grader.kinds import (  # noqa: E402
    grade,
    load_answers,
    load_problem,  # noqa: E402
)
from grader.languages import NEEDS, extensions  # noqa: E402
from grader.results import SubmissionResult  # noqa: E402
from grader.sandbox import SANDBOXES  # noqa: E402
from grader.sandbox.options import SandboxOptions  # noqa: E402
from grader.submission import read_submission  # noqa: E402

# Examples of submissions/ near their limits: the lesson's search (TLE from n = 12, at 1.5x
# the limit too) and a JVM's start-up, most of a second of CPU on several threads.
NEAR_THEIR_LIMITS = (
    "submissions/nqueens-count-fast/time_limit_exceeded/lesson_search.py",
    "submissions/nqueens-count-fast/accepted/bitmask_solution.py",
    "submissions/nqueens/accepted/Solution.java",
)


def corpus() -> list[Path]:
    return sorted((ROOT / "benchmarks" / "borderline").rglob("*.py")) + [
        ROOT / path for path in NEAR_THEIR_LIMITS
    ]


@contextmanager
def burning(count: int) -> Iterator[None]:
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
        for _ in range(count)
    ]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


def grade_all(paths: list[Path], backend: str) -> tuple[dict[Path, SubmissionResult], float]:
    sandbox = SANDBOXES[backend](SandboxOptions(languages=NEEDS))
    known = extensions()
    results = {}
    started = time.perf_counter()
    try:
        for path in paths:
            problem = load_problem(ROOT / "problems" / path.parent.parent.name)
            submission = read_submission(path, known)
            results[path] = grade(problem, load_answers(problem), submission, sandbox, True)
    finally:
        sandbox.close()
    return results, time.perf_counter() - started


def verdicts(result: SubmissionResult) -> str:
    return (
        result.verdict.value
        + " "
        + "".join(
            "." if test.verdict.value == "AC" else test.verdict.value[0] for test in result.tests
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", default="process", choices=sorted(SANDBOXES))
    parser.add_argument(
        "--loads",
        type=int,
        nargs="+",
        default=[0, 2, 4],
        help="burners per core, one pass each; 0 is the quiet pass",
    )
    options = parser.parse_args()
    cores = len(os.sched_getaffinity(0))
    paths = corpus()
    passes: dict[int, tuple[dict[Path, SubmissionResult], float]] = {}
    for load in options.loads:
        with burning(load * cores):
            passes[load] = grade_all(paths, options.backend)
        print(f"load {load}x ({load * cores} burners): {passes[load][1]:.1f} s", flush=True)
    quiet = options.loads[0]
    moved = 0
    width = max(len(str(path.relative_to(ROOT))) for path in paths)
    print(
        f"\n{'per test: . AC, T TLE; slowest test CPU s':{width}} "
        + " ".join(f"{f'{load}x':>20}" for load in options.loads)
    )
    for path in paths:
        results = [passes[load][0][path] for load in options.loads]
        same = len({verdicts(result) for result in results}) == 1
        expected = results[0].verdict is FOLDERS[path.parent.name]
        moved += not same or not expected
        cells = [f"{verdicts(r)} {max(t.time_s for t in r.tests):5.2f}" for r in results]
        shown = str(path.relative_to(ROOT))
        print(
            f"{shown:{width}} " + " ".join(f"{c:>20}" for c in cells) + ("" if same else " MOVED")
        )
    print()
    for load in options.loads:
        results, spent = passes[load]
        tests = [test for result in results.values() for test in result.tests]
        waited = max((test.wall_s - test.time_s for test in tests), default=0.0)
        print(
            f"load {load}x: {spent / passes[quiet][1]:.2f}x the quiet pass's time; "
            f"largest wall-clock time not computing in a test: {waited:.2f} s"
        )
    print(f"\n{len(paths) - moved} of {len(paths)} submissions kept every verdict at every load")
    return 1 if moved else 0


if __name__ == "__main__":
    sys.exit(main())
