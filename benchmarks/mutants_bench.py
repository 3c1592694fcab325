"""The mutation audit's time per reference (issue 46): N-Queens (or --problem) audited one
reference at a time, its mutants built and graded on every test with --jobs workers, against
P (a bare interpreter's start) measured in the same run:

    .venv/bin/python benchmarks/mutants_bench.py [--problem nqueens] [--jobs 2]

The target: a kill matrix of 30+ mutants per reference in under 60 s on 2 cores.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import bare_interpreter, run_quietly  # noqa: E402

from grader.functions.mutation_audit import kill_matrix, mutation_score  # noqa: E402
from grader.judge import open_sandbox  # noqa: E402
from grader.kinds import load_answers, load_problem  # noqa: E402


def p_seconds(python: str) -> float:
    times = []
    for _ in range(9):
        started = time.perf_counter()
        run_quietly(python, "-I", "-S", "-c", "pass")
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problem", default="nqueens")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    problem = load_problem(ROOT / "problems" / args.problem)
    answers = load_answers(problem)
    python = bare_interpreter()
    print("| reference | mutants | built | rejected | wall | target |")
    print("| --- | --- | --- | --- | --- | --- |")
    p_before = p_seconds(python)
    with open_sandbox("process") as sandbox:
        for reference in problem.references:
            alone = replace(problem, references=(reference,))
            started = time.perf_counter()
            graded = kill_matrix(alone, answers, sandbox, args.jobs)
            wall = time.perf_counter() - started
            built = [one for one in graded if not one.stillborn]
            met = "met" if len(graded) >= 30 and wall < 60 else "not met"
            print(
                f"| {reference.name} | {len(graded)} | {len(built)} | "
                f"{mutation_score(graded):.0%} | {wall:.1f} s | {met} |"
            )
    p = (p_before + p_seconds(python)) / 2
    print(f"\nP = {p * 1000:.1f} ms (before and after, averaged)")


if __name__ == "__main__":
    main()
