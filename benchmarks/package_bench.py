"""A problem package's stdin/stdout submissions on a 10-test package, against floors
measured alternately in the same run:

    .venv/bin/python benchmarks/package_bench.py [--runs N] [--problemtools VERIFYPROBLEM]
    scripts/bench --only package [--problemtools VERIFYPROBLEM]   (the same figures, with P)

Whole commands, start-up and all: `grader grade` of the package's submission; `grader verify`
of the package (its one accepted submission, its input validator), answered by the warm
grader and with none; Kattis problemtools' `verifyproblem -p submissions` on the same package
where it is installed (`pip install problemtools` in a virtual environment of its own; its
Python is PyPy's, which Debian lacks here, so it is told to run CPython instead, in a HOME of
its own); and today's function-signature path, `grader grade` of N-Queens' bitmask.py.

A test's own cost, in a running grader with its build cached (the package graded again and
again, divided by its tests): for a C++ program built static, against a bare fork+exec of
the same binary on a test's input; for a Python program, against `python3 -c pass`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT)]

from bench import (  # noqa: E402
    GRADER,
    Figure,
    alternated,
    bare_interpreter,
    opened,
    run_quietly,
    table,
    warm_server,
)

SOLUTION = "input()\nprint(sum(map(int, input().split())))\n"
VALIDATOR = (
    "import sys\nlines = sys.stdin.read().split('\\n')\nn = int(lines[0])\n"
    "assert len(lines[1].split()) == n and 1 <= n <= 1000\nsys.exit(42)\n"
)
# problemtools runs Python 3 as PyPy; here as the CPython it has.
PROBLEMTOOLS = "problemtools `verifyproblem -p submissions`, the package"
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


CPP_SOLUTION = (
    "#include <iostream>\nint main() {\n    long long n, total = 0, x;\n    std::cin >> n;\n"
    "    for (long long i = 0; i < n; ++i) {\n        std::cin >> x;\n        total += x;\n"
    "    }\n    std::cout << total << '\\n';\n}\n"
)


def spawned(argv: list[str], stdin: Path | None = None) -> None:
    """A bare fork+exec (posix_spawn) and its wait: the floor of a whole program's run."""
    actions = [(os.POSIX_SPAWN_OPEN, 0, str(stdin or os.devnull), os.O_RDONLY, 0)]
    actions.append((os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0))
    os.waitpid(os.posix_spawn(argv[0], argv, {}, file_actions=actions), 0)


def per_test(runs: int) -> list[tuple[str, str, float, float, float]]:
    """(language, its floor's name, a test's cost, the floor, P) for a C++ and a Python
    program on the package, graded in this process by a warm process sandbox, builds
    cached."""
    from grader.kinds import grade, load_answers, load_problem
    from grader.languages import extensions
    from grader.submission import read_submission

    python = bare_interpreter()
    rows = []
    with tempfile.TemporaryDirectory(prefix="grader-package-bench-") as scratch:
        package = make_package(Path(scratch))
        problem = load_problem(package)
        answers = load_answers(problem)
        tests = len(problem.tests)
        source = package / "submissions/accepted/sum.cpp"
        source.write_text(CPP_SOLUTION)
        binary = Path(scratch) / "sum"
        compiled = subprocess.run(["g++", "-O2", "-static", "-o", binary, source], check=False)
        cases = sorted((package / "data").glob("*/*.in"))
        # Each program's language and floor, as the figure names them.
        floors: dict[str, tuple[str, str, Callable[[], object]]] = {
            "sum.py": ("Python", "`python3 -c pass`", lambda: spawned([python, "-c", "pass"])),
        }
        if compiled.returncode == 0:
            floors["sum.cpp"] = (
                "C++ (static)",
                "a bare fork+exec of the same binary",
                lambda: spawned([str(binary)], cases[len(cases) // 2]),
            )
        with opened("process") as sandbox:
            for name, (language, floor_name, floor) in floors.items():
                submission = read_submission(package / "submissions/accepted" / name, extensions())
                if grade(problem, answers, submission, sandbox).verdict.value != "AC":
                    raise SystemExit(f"{name}: not AC on the benchmark's package")
                p, seconds, floor_seconds = alternated(
                    [
                        lambda: run_quietly(python, "-I", "-S", "-c", "pass"),
                        lambda submission=submission: grade(problem, answers, submission, sandbox),
                        floor,
                    ],
                    runs,
                )
                rows.append((language, floor_name, seconds / tests, floor_seconds, p))
    return rows


def command_figures(runs: int, problemtools: Path | None) -> list[Figure]:
    """Whole commands on the package, each alternated with P and with the others."""
    python = bare_interpreter()
    with tempfile.TemporaryDirectory(prefix="grader-package-bench-") as scratch:
        package = make_package(Path(scratch))
        solution = package / "submissions/accepted/sum.py"
        nqueens = ROOT / "submissions/nqueens/accepted/bitmask.py"
        process = ("--sandbox", "process")
        grade_package = (GRADER, "grade", *process, "--problem", package, solution)
        verify = (GRADER, "verify", *process, package)
        with warm_server(grade_package) as warm:
            cold = warm | {"GRADER_SERVER": "off"}
            rows: dict[str, tuple[tuple[str | Path, ...], dict[str, str]]] = {
                "P": ((python, "-I", "-S", "-c", "pass"), warm),
                "`grader grade`, the package's sum.py (10 tests)": (grade_package, warm),
                "`grader verify`, the package (input validator on 10 inputs, sum.py graded)": (
                    verify,
                    warm,
                ),
                "the same `grader verify` with GRADER_SERVER=off": (verify, cold),
                "`grader grade`, N-Queens' bitmask.py (function signature, 9 tests)": (
                    (GRADER, "grade", *process, nqueens),
                    warm,
                ),
            }
            if problemtools:
                home = Path(scratch) / "home"
                (home / ".config/problemtools").mkdir(parents=True)
                (home / ".config/problemtools/languages.yaml").write_text(PROBLEMTOOLS_PYTHON)
                # -p takes several: last.
                rows[PROBLEMTOOLS] = (
                    (problemtools, package, "-p", "submissions"),
                    os.environ | {"HOME": str(home)},
                )
            for label, (argv, env) in rows.items():
                code = run_quietly(*argv, env=env)
                if code != 0:
                    raise SystemExit(f"{label}: exit code {code}")
            times = alternated(
                [
                    lambda argv=argv, env=env: run_quietly(*argv, env=env)
                    for argv, env in rows.values()
                ],
                runs,
            )
    p = times[0]
    seconds = dict(zip(rows, times, strict=True))
    figures = [Figure(label, taken, "reported", None, p=p) for label, taken in seconds.items()][1:]
    if problemtools:
        theirs = seconds.pop(PROBLEMTOOLS)
        for index, figure in enumerate(figures):
            if "verify`" in figure.name:
                share = theirs / figure.seconds
                met = share >= 5
                note = f"{share:.1f}x faster than problemtools' {theirs * 1000:.0f} ms"
                figures[index] = Figure(figure.name, figure.seconds, ">= 5x faster", met, note, p)
    return figures


def installed_problemtools(folder: Path) -> Path | None:
    """Kattis' problemtools from the package registry, in a virtual environment of its own
    under `folder`: its `verifyproblem`, or None (said on stderr) where it cannot be had."""
    environment = folder / "problemtools"
    made = subprocess.run(
        [sys.executable, "-m", "venv", environment], capture_output=True, text=True, check=False
    )
    pip = [environment / "bin/python", "-m", "pip", "install", "--quiet", "problemtools"]
    installed = made if made.returncode else subprocess.run(pip, capture_output=True, text=True)
    if installed.returncode != 0:
        said = (installed.stderr or installed.stdout).strip()[-300:]
        print(f"problemtools: not measured ({said})", file=sys.stderr)
        return None
    return environment / "bin/verifyproblem"


def per_test_figures(runs: int) -> list[Figure]:
    figures = []
    for language, floor_name, seconds, floor, p in per_test(runs):
        figures.append(
            Figure(
                f"a package's test, {language}, in a running grader, build cached",
                seconds,
                f"<= 2x {floor_name}",
                seconds <= 2 * floor,
                f"{seconds / floor:.2f}x that floor, {floor * 1000:.2f} ms",
                p,
            )
        )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--problemtools", type=Path, help="verifyproblem, to run beside")
    args = parser.parse_args()
    print(table(per_test_figures(args.runs * 3) + command_figures(args.runs, args.problemtools)))


if __name__ == "__main__":
    main()
