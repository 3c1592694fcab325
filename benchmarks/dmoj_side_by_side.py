"""The same submission graded by a running DMOJ judge, for `bench.py --compare`: the N-Queens
tests written as a DMOJ problem (input n, the placements sorted one per line, its standard
checker), the submission given a `main` that reads n and prints its placements sorted.

    PYTHONPATH=<dmoj installed here> .venv/bin/python benchmarks/dmoj_side_by_side.py RUNS

Prints one line: the median seconds per submission, from handing it to the judge until its
grading ended, every test AC (otherwise exit 1). DMOJ runs each test in a new process traced
by its sandbox (seccomp plus ptrace), on the interpreter the grader's runs use.
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MAIN = """
for placement in sorted(solve_n_queens(int(input()))):
    print(*placement)
"""


def write_problem(storage: Path) -> None:
    from grader.kinds import load_answers, load_problem
    from grader.kinds.places import find_problem, problem_roots

    problem = load_problem(find_problem("nqueens", problem_roots()))
    answers = load_answers(problem)
    folder = storage / "nqueens"
    folder.mkdir()
    cases = []
    for test in problem.tests:
        (folder / f"{test.name}.in").write_text(f"{test.input['n']}\n")
        lines = "".join(" ".join(map(str, row)) + "\n" for row in sorted(answers[test.name]))
        (folder / f"{test.name}.out").write_text(lines)
        cases.append(f"- {{in: {test.name}.in, out: {test.name}.out, points: 1}}\n")
    (folder / "init.yml").write_text("test_cases:\n" + "".join(cases))


def main() -> int:
    from grader.sandbox.preparation import python_places

    runs = int(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="grader-bench-dmoj-") as scratch:
        storage = Path(scratch)
        write_problem(storage)
        config = storage / "judge.yml"
        config.write_text(
            f"problem_storage_globs: ['{storage}/*']\n"
            f"runtime: {{python3: '{python_places().interpreter}'}}\n"
        )
        sys.argv = ["dmoj-cli", "-c", str(config), "-e", "PY3", "--skip-self-test", "--no-ansi"]
        from dmoj import executors, judgeenv
        from dmoj.cli import LocalJudge, LocalPacketManager
        from dmoj.judge import Submission

        with contextlib.redirect_stdout(sys.stderr):  # its start-up talks; stdout is the figure
            judgeenv.load_env(cli=True)
            executors.load_executors()
        verdicts: list[list[str]] = []

        class Recording(LocalPacketManager):  # type: ignore[misc]
            def test_case_status_packet(self, position: int, result: object) -> None:
                verdicts[-1].append(result.readable_codes()[0])  # type: ignore[attr-defined]

        judge = LocalJudge()
        judge.packet_manager = Recording(judge)
        source = (ROOT / "submissions" / "nqueens" / "accepted" / "bitmask.py").read_text()
        times = []
        try:
            for number in range(1, runs + 1):
                verdicts.append([])
                submission = Submission(
                    number, "nqueens", "PY3", source + MAIN, 10.0, 262144, False, {}
                )
                started = time.perf_counter()
                judge.begin_grading(submission, report=lambda _line: None, blocking=True)
                times.append(time.perf_counter() - started)
                if verdicts[-1] != ["AC"] * 9:
                    print(f"dmoj: not all AC: {verdicts[-1]}", file=sys.stderr)
                    return 1
        finally:
            judge.murder()
    print(statistics.median(times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
