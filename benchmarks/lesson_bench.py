"""What checking a lesson's steps costs against grading the function problem (issue 47):

    .venv/bin/python benchmarks/lesson_bench.py [--runs N] [--only LANGUAGE]

Per lesson language: the lesson's own final code checked through step 14 (every call check
of the steps) and through step 15 (those and the final tests; one build either way),
beside the same code graded on the function problem (problems/nqueens), each against P (a
bare interpreter's start) alternated in the same run. Each run grades a source of its own
(a comment no earlier run wrote), so every build is a first build, as a student's changed
file is.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import alternated, bare_interpreter, run_quietly  # noqa: E402

from grader.judge import open_sandbox  # noqa: E402
from grader.kinds import grade, load_answers, load_problem  # noqa: E402
from grader.languages import FUNCTION_LANGUAGES  # noqa: E402
from grader.lessons.model import Lesson  # noqa: E402
from grader.problem import Problem  # noqa: E402
from grader.sandbox.base import Sandbox  # noqa: E402
from grader.submission import Submission  # noqa: E402
from grader.verdicts import Verdict  # noqa: E402

COMMENT = {"python": "#", "rust": "//", "cpp": "//", "java": "//", "csharp": "//"}


def measure(
    lesson_problem: Problem,
    function: Problem,
    answers: dict[str, object],
    sandbox: Sandbox,
    runs: int,
) -> list[float]:
    """P, the function problem's grading, steps 1-14 and all 15 steps: medians, in seconds."""
    lesson = lesson_problem.details
    assert isinstance(lesson, Lesson) and lesson.solution is not None
    language = lesson.language
    source = lesson.solution.read_bytes()
    name = FUNCTION_LANGUAGES[language].file_name
    counter = itertools.count()
    salt = os.urandom(6).hex()

    def fresh() -> Submission:
        # Never a source of an earlier run of this script: the build cache would have it.
        said = f"\n{COMMENT[language]} run {salt}-{next(counter)}\n".encode()
        return Submission(Path(name), name, language, source + said)

    def checked(step: int) -> None:
        result = grade(lesson_problem, {}, fresh(), sandbox, step=step)
        assert result.verdict is Verdict.AC, result

    def graded() -> None:
        assert grade(function, answers, fresh(), sandbox).verdict is Verdict.AC

    python = bare_interpreter()
    checked(15)  # the language's shared builds made once, before anything is timed
    actions = [
        lambda: run_quietly(python, "-c", "pass"),
        graded,
        lambda: checked(14),
        lambda: checked(15),
    ]
    return alternated(actions, runs)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default=None)
    args = parser.parse_args()
    function = load_problem(ROOT / "problems" / "nqueens")
    answers = load_answers(function)
    with open_sandbox("process") as sandbox:
        for folder in sorted((ROOT / "problems").glob("nqueens-lesson-*")):
            problem = load_problem(folder)
            language = next(iter(problem.entry_points))  # a lesson has one
            if args.only not in (None, language) or FUNCTION_LANGUAGES[language].missing():
                continue
            p, whole, calls, steps = measure(problem, function, answers, sandbox, args.runs)
            print(
                f"{language:7} P {p * 1000:.0f} ms | function problem {whole / p:.1f} P | "
                f"steps 1-14 {calls / p:.1f} P ({calls / whole:.2f}x) | "
                f"all 15 steps {steps / p:.1f} P ({steps / whole:.2f}x)",
                flush=True,
            )


if __name__ == "__main__":
    main()
