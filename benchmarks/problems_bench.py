"""Every problem's accepted examples graded in a running grader (one process backend kept
open, a warm runner forking each run), against P measured alternately in the same run:

    .venv/bin/python benchmarks/problems_bench.py [--runs N] [--only PROBLEM]

One row per problem and language example (`submissions/<problem>/accepted/lesson.*`, or
N-Queens' `bitmask.py`, the figure BENCHMARKS.md's table has), builds cached before timing:
what grading a submission costs once its build is made, beside N-Queens'.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import alternated, bare_interpreter, run_quietly  # noqa: E402

from grader.judge import open_sandbox  # noqa: E402
from grader.kinds import (  # noqa: E402
    grade,
    load_answers,
    load_problem,  # noqa: E402
)
from grader.languages import extensions  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402
from grader.submission import read_submission  # noqa: E402
from grader.verdicts import Verdict  # noqa: E402

SUBMISSIONS = ROOT / "submissions"


def examples(only: str | None) -> list[tuple[str, Path]]:
    found = [("nqueens", SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py")]
    for folder in sorted(path for path in (ROOT / "problems").iterdir() if path.is_dir()):
        if folder.name.startswith("nqueens"):
            continue
        found += [
            (folder.name, path)
            for path in sorted((SUBMISSIONS / folder.name / "accepted").glob("lesson.*"))
            + sorted((SUBMISSIONS / folder.name / "accepted").glob("Lesson.*"))
        ]
    return [(name, path) for name, path in found if only in (None, name)]


def graded(name: str, path: Path, sandbox: Sandbox) -> Callable[[], object]:
    problem = load_problem(ROOT / "problems" / name)
    answers = load_answers(problem)
    submission = read_submission(path, extensions())

    def once() -> None:
        result = grade(problem, answers, submission, sandbox)
        if result.verdict is not Verdict.AC:
            raise RuntimeError(f"{path}: {result.verdict}")

    return once


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only")
    args = parser.parse_args()
    python = bare_interpreter()
    chosen = examples(args.only)
    with open_sandbox("process") as sandbox:
        actions = [graded(name, path, sandbox) for name, path in chosen]
        for action in actions:
            action()  # builds cached, runners warm
        p, *times = alternated(
            [lambda: run_quietly(python, "-I", "-S", "-c", "pass"), *actions], args.runs
        )
    print(f"P = {p * 1000:.1f} ms\n")
    print("| problem | example | tests | median | ratio to P |\n| --- | --- | --- | --- | --- |")
    for (name, path), seconds in zip(chosen, times, strict=True):
        tests = len(load_problem(ROOT / "problems" / name).tests)
        label = path.relative_to(SUBMISSIONS / name)
        print(f"| {name} | {label} | {tests} | {seconds * 1000:.1f} ms | {seconds / p:.2f} P |")


if __name__ == "__main__":
    main()
