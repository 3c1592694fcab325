"""Random tests against the hand tests, and their cost (issue 46), on every problem with a
`random:` block:

    .venv/bin/python benchmarks/random_bench.py [--runs N] [--only PROBLEM]

- Catching: each known-wrong example (`submissions/<problem>/<verdict>/`, accepted ones
  left out) graded as the instructor sees it: whether a hand test rejects it, whether the
  random tests do, and the size of the shrunk input beside the smallest failing hand test's
  (a size is the count of numbers, characters and list items in the input). The target:
  random tests reject at least 95% of what the hand tests reject, and the median shrunk
  input is no larger than the smallest failing hand test.
- Cost: the accepted Python lesson graded with its random tests and without, against P (a
  bare interpreter's start) alternated in the same run: what the random inputs add.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import alternated, bare_interpreter, run_quietly  # noqa: E402

from grader.judge import Asked, open_sandbox  # noqa: E402
from grader.kinds import grade, load_answers, load_problem  # noqa: E402
from grader.languages import extensions  # noqa: E402
from grader.problem import Problem  # noqa: E402
from grader.results import SubmissionResult  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402
from grader.submission import read_submission  # noqa: E402
from grader.verdicts import Verdict  # noqa: E402

SUBMISSIONS = ROOT / "submissions"


def size(value: object) -> int:
    """Numbers, characters and list items: how large an input reads."""
    if isinstance(value, dict):
        return sum(size(item) for item in value.values())
    if isinstance(value, list):
        return len(value) + sum(size(item) for item in value)
    if isinstance(value, str):
        return len(value)
    return 1


def with_random(only: str | None) -> list[Problem]:
    folders = sorted(path for path in (ROOT / "problems").iterdir() if path.is_dir())
    problems = [load_problem(folder) for folder in folders if only in (None, folder.name)]
    return [problem for problem in problems if problem.random is not None]


def catching(problem: Problem, sandbox: Sandbox) -> list[tuple[str, bool, bool, int, int]]:
    """Per wrong example: hand tests reject, random tests reject, shrunk size, smallest
    failing hand test's size."""
    answers = load_answers(problem)
    rows = []
    for path in sorted((SUBMISSIONS / problem.id).glob("*/*")):
        if path.parent.name == "accepted" or path.suffix not in extensions():
            continue
        submission = read_submission(path, extensions())
        result: SubmissionResult = grade(
            problem, answers, submission, sandbox, Asked(reveal_hidden=True)
        )
        hand = [test for test in result.tests if test.alias != "random"]
        randomly = [test for test in result.tests if test.alias == "random"]
        failing = [size(test.input) for test in hand if test.verdict is not Verdict.AC]
        random_failed = bool(randomly) and randomly[0].verdict is not Verdict.AC
        shrunk = size(randomly[0].input) if random_failed else 0
        label = str(path.relative_to(SUBMISSIONS / problem.id))
        rows.append((label, bool(failing), random_failed, shrunk, min(failing, default=0)))
    return rows


def cost(problem: Problem, sandbox: Sandbox, runs: int) -> tuple[float, float, float] | None:
    """P, and the accepted Python lesson's grading without and with the random tests."""
    lesson = SUBMISSIONS / problem.id / "accepted" / "lesson.py"
    if not lesson.exists():
        return None
    answers = load_answers(problem)
    submission = read_submission(lesson, extensions())
    plain = replace(problem, random=None)
    python = bare_interpreter()
    actions = [
        lambda: run_quietly(python, "-I", "-S", "-c", "pass"),
        lambda: grade(plain, answers, submission, sandbox),
        lambda: grade(problem, answers, submission, sandbox),
    ]
    for action in actions:
        action()  # runners warm
    p, without, with_them = alternated(actions, runs)
    return p, without, with_them


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--only")
    args = parser.parse_args()
    caught_by_hand = caught_by_both = 0
    ratios: list[float] = []
    print("| problem | wrong example | hand tests | random tests | shrunk size | smallest hand |")
    print("| --- | --- | --- | --- | --- | --- |")
    costs = []
    with open_sandbox("process") as sandbox:
        for problem in with_random(args.only):
            for label, hand, randomly, shrunk, smallest in catching(problem, sandbox):
                caught_by_hand += hand
                caught_by_both += hand and randomly
                if hand and randomly:
                    ratios.append(shrunk / smallest if smallest else float(shrunk))
                marks = ("rejects" if hand else "-", "rejects" if randomly else "-")
                sizes = (str(shrunk) if randomly else "-", str(smallest) if hand else "-")
                print(f"| {problem.id} | {label} | {marks[0]} | {marks[1]} | {' | '.join(sizes)} |")
            costs.append((problem, cost(problem, sandbox, args.runs), problem.random))
    share = caught_by_both / caught_by_hand if caught_by_hand else 1.0
    print(
        f"\nRandom tests reject {caught_by_both} of the {caught_by_hand} examples the hand "
        f"tests reject ({share:.0%}; target 95%)."
    )
    if ratios:
        print(
            f"Shrunk input / smallest failing hand test, median {statistics.median(ratios):.2f} "
            "(target <= 1)."
        )
    print("\n| problem | random inputs | P | without | with | added |")
    print("| --- | --- | --- | --- | --- | --- |")
    for problem, measured, spec in costs:
        if measured is None or spec is None:
            continue
        p, without, with_them = measured
        print(
            f"| {problem.id} | {spec.count} | {p * 1000:.1f} ms | {without / p:.2f} P | "
            f"{with_them / p:.2f} P | {(with_them - without) / p:.2f} P |"
        )


if __name__ == "__main__":
    main()
