"""A problem package's stdin/stdout Python submission on a 10-test package, end to end,
against P (a bare interpreter's start) measured alternately in the same run:

    .venv/bin/python benchmarks/package_bench.py [--runs N] [--problemtools VERIFYPROBLEM]

Rows: `grader grade` of the package's submission; `grader verify` of the package (its one
accepted submission, its input validator); Kattis problemtools' `verifyproblem -p
submissions` on the same package where it is installed (`pip install problemtools` in a
virtual environment of its own; its Python is PyPy's, which Debian lacks here, so it is told
to run CPython instead, in a HOME of its own); and today's function-signature path,
`grader grade` of N-Queens' bitmask.py. Each row is a fresh command, start-up and all.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import GRADER, alternated, bare_interpreter, run_quietly  # noqa: E402

SOLUTION = "input()\nprint(sum(map(int, input().split())))\n"
VALIDATOR = (
    "import sys\nlines = sys.stdin.read().split('\\n')\nn = int(lines[0])\n"
    "assert len(lines[1].split()) == n and 1 <= n <= 1000\nsys.exit(42)\n"
)
# problemtools runs Python 3 as PyPy; here as the CPython it has.
PROBLEMTOOLS_PYTHON = (
    "python3:\n    name: 'Python 3'\n    priority: 850\n    files: '*.py'\n"
    "    compile: '/usr/bin/python3 -m py_compile {files}'\n"
    "    run: '/usr/bin/python3 \"{mainfile}\"'\n"
)


def make_package(folder: Path) -> Path:
    """Ten tests (a sample and nine secret), a time limit given, one accepted submission."""
    package = folder / "sumlist"
    for part in ("data/sample", "data/secret", "submissions/accepted", "input_validators"):
        (package / part).mkdir(parents=True)
    (package / "problem.yaml").write_text(
        "name: Sum List\nsource: grader's benchmark\nlicense: cc0\nrights_owner: grader\n"
        "limits:\n  memory: 512\n"
    )
    (package / ".timelimit").write_text("2\n")
    for number in range(10):
        numbers = [(number * 7919 + k * 104729) % 1000 for k in range(1 + number * 100)]
        where = "sample" if number == 0 else "secret"
        stem = package / "data" / where / f"{number:02}"
        stem.with_suffix(".in").write_text(f"{len(numbers)}\n{' '.join(map(str, numbers))}\n")
        stem.with_suffix(".ans").write_text(f"{sum(numbers)}\n")
    (package / "submissions/accepted/sum.py").write_text(SOLUTION)
    (package / "input_validators/validate.py").write_text(VALIDATOR)
    return package


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--problemtools", type=Path, help="verifyproblem, to run beside")
    args = parser.parse_args()
    python = bare_interpreter()
    with tempfile.TemporaryDirectory(prefix="grader-package-bench-") as scratch:
        package = make_package(Path(scratch))
        solution = package / "submissions/accepted/sum.py"
        nqueens = ROOT / "submissions/nqueens/accepted/bitmask.py"
        rows = {
            "P (a bare interpreter's start)": (python, "-I", "-S", "-c", "pass"),
            "grader grade, the package's sum.py (10 tests)": (
                GRADER,
                "grade",
                "--sandbox",
                "process",
                "--problem",
                package,
                solution,
            ),
            "grader verify, the package": (GRADER, "verify", "--sandbox", "process", package),
            "grader grade, N-Queens' bitmask.py (function signature)": (
                GRADER,
                "grade",
                "--sandbox",
                "process",
                nqueens,
            ),
        }
        environment = dict(os.environ)
        if args.problemtools:
            home = Path(scratch) / "home"
            (home / ".config/problemtools").mkdir(parents=True)
            (home / ".config/problemtools/languages.yaml").write_text(PROBLEMTOOLS_PYTHON)
            environment["HOME"] = str(home)
            rows["problemtools verifyproblem -p submissions, the package"] = (
                args.problemtools,
                package,
                "-p",
                "submissions",  # -p takes several: last
            )
        for label, argv in rows.items():
            code = run_quietly(*argv, env=environment)
            if code != 0:
                raise SystemExit(f"{label}: exit code {code}")
        times = alternated(
            [lambda argv=argv: run_quietly(*argv, env=environment) for argv in rows.values()],
            args.runs,
        )
        shutil.rmtree(package / "submissions" / "__pycache__", ignore_errors=True)
    p = times[0]
    print(f"P = {p * 1000:.1f} ms\n")
    print("| command | median | ratio to P |\n| --- | --- | --- |")
    for label, seconds in zip(rows, times, strict=True):
        print(f"| {label} | {seconds * 1000:.1f} ms | {seconds / p:.2f} P |")


if __name__ == "__main__":
    main()
