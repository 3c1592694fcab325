"""What naming a C++ crash's line costs, against P (a bare interpreter's start-up) measured
alternately in the same run:

    .venv/bin/python benchmarks/crash_bench.py [--runs N] [--sandbox process|docker]

- an accepted C++ submission, graded in a running grader (its build cached): it pays nothing;
- a crashing one (submissions/nqueens/runtime_error/moved_then_reused.cpp), graded as it is
  and with the sanitized rerun switched off, both builds cached: the rerun's own cost;
- the sanitized build from nothing (an empty build cache each time), beside the ordinary
  build from nothing: what the first crash of a new file pays once.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import alternated, bare_interpreter, run_quietly  # noqa: E402

import grader.judge as judge  # noqa: E402
from grader.judge import open_sandbox  # noqa: E402
from grader.kinds import (  # noqa: E402
    grade,
    load_answers,
    load_problem,  # noqa: E402
)
from grader.languages import FUNCTION_LANGUAGES, extensions  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402
from grader.submission import read_submission  # noqa: E402
from grader.verdicts import Verdict  # noqa: E402

SUBMISSIONS = ROOT / "submissions" / "nqueens"
ACCEPTED = SUBMISSIONS / "accepted" / "backtracking.cpp"
CRASHING = SUBMISSIONS / "runtime_error" / "moved_then_reused.cpp"


def graded(path: Path, sandbox: Sandbox, rerun: bool = True) -> Callable[[], object]:
    problem = load_problem(ROOT / "problems" / "nqueens")
    answers = load_answers(problem)
    submission = read_submission(path, extensions())
    told = judge.told_where_it_crashed

    def once() -> None:
        if not rerun:
            judge.told_where_it_crashed = lambda *args: args[-1]  # type: ignore[assignment]
        try:
            result = grade(problem, answers, submission, sandbox)
        finally:
            judge.told_where_it_crashed = told
        first = next((test for test in result.tests if test.verdict is not Verdict.AC), None)
        named = first is not None and "stopped at" in first.message
        expected = (Verdict.AC, False) if path == ACCEPTED else (Verdict.RTE, rerun)
        if (result.verdict, named) != expected:
            raise RuntimeError(f"{path.name}: {result.verdict}, {first}")

    return once


def built_afresh(sandbox: Sandbox, sanitized: bool) -> Callable[[], object]:
    problem = load_problem(ROOT / "problems" / "nqueens")
    submission = read_submission(CRASHING, extensions())
    cpp = FUNCTION_LANGUAGES["cpp"]

    def once() -> None:
        with tempfile.TemporaryDirectory() as cache:
            os.environ["XDG_CACHE_HOME"] = cache
            try:
                made = cpp.sanitized(submission, problem, sandbox) if sanitized else None
                build = made.build if made else cpp.build(submission, problem, sandbox)
            finally:
                del os.environ["XDG_CACHE_HOME"]
        if build.program is None:
            raise RuntimeError(build.compile_output)

    return once


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--sandbox", default="process")
    args = parser.parse_args()
    python = bare_interpreter()

    def floor() -> int:
        return run_quietly(python, "-I", "-S", "-c", "pass")

    with open_sandbox(args.sandbox) as sandbox:
        actions = {
            "an accepted C++ submission, graded (build cached)": graded(ACCEPTED, sandbox),
            "the crashing one, graded with the sanitized rerun (both builds cached)": graded(
                CRASHING, sandbox
            ),
            "the crashing one, graded without it": graded(CRASHING, sandbox, rerun=False),
        }
        for action in actions.values():
            action()  # the builds cached, the runners warm
        p, *times = alternated([floor, *actions.values()], args.runs)
        builds = {
            "the ordinary build from nothing (g++ -O2, static)": built_afresh(sandbox, False),
            "the sanitized build from nothing": built_afresh(sandbox, True),
        }
        build_p, *build_times = alternated([floor, *builds.values()], max(args.runs // 3, 3))
    print(f"P = {p * 1000:.1f} ms ({args.sandbox} backend)\n")
    print("| figure | median | ratio to P |\n| --- | --- | --- |")
    for label, seconds in zip(actions, times, strict=True):
        print(f"| {label} | {seconds * 1000:.1f} ms | {seconds / p:.2f} P |")
    for label, seconds in zip(builds, build_times, strict=True):
        print(f"| {label} | {seconds * 1000:.0f} ms | {seconds / build_p:.1f} P |")


if __name__ == "__main__":
    main()
