"""Measure grading against P, the start-up of a bare interpreter, in one run on one machine.

    scripts/bench [--quick] [--skip-docker] [--compare]   (set-up, then this)

Every figure is the median of repeated runs, printed with its ratio to P (measured in the
same run, alternating with the figures so that the machine's mood hits both) and the target
of issue 6. Nothing here asserts: a slow machine gets a table, not a failure.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GRADER = ROOT / ".venv" / "bin" / "grader"
EXAMPLES = ROOT / "submissions" / "nqueens" / "accepted"
FAST = EXAMPLES / "bitmask.py"  # the quickest correct example: the harness's cost shows most
CPP = EXAMPLES / "backtracking.cpp"
BATCH_SIZE = 200


@dataclass(frozen=True)
class Figure:
    name: str
    seconds: float  # per submission (or per start-up)
    target: str  # "<= 3 P", ">= 60/s", ...
    met: bool | None
    note: str = ""
    p: float = 0.0  # P measured alternately with this figure


def paired(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """Medians of `action` and of P, run alternately: a machine that slows down or speeds
    up mid-way moves both, not the ratio."""
    python = bare_interpreter()
    p, seconds = alternated([lambda: run_quietly(python, "-I", "-S", "-c", "pass"), action], runs)
    return seconds, p


def alternated(actions: list[Callable[[], object]], runs: int) -> list[float]:
    """The median time of each of `actions`, run in turn `runs` times."""
    times: list[list[float]] = [[] for _ in actions]
    for _ in range(runs):
        for action, taken in zip(actions, times, strict=True):
            started = time.perf_counter()
            action()
            taken.append(time.perf_counter() - started)
    return [statistics.median(taken) for taken in times]


def median_of(action: Callable[[], object], runs: int) -> float:
    return alternated([action], runs)[0]


def run_quietly(*argv: str | Path, env: dict[str, str] | None = None) -> int:
    return subprocess.run(
        [str(part) for part in argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
        env=env,
    ).returncode


def bare_interpreter() -> str:
    sys.path.insert(0, str(ROOT))
    from grader.sandbox.preparation import python_places

    return python_places().interpreter


def default_backend() -> str:
    """What `--sandbox auto` picks here, and why, as the JSON report says it."""
    done = subprocess.run(
        [str(GRADER), "grade", "--format", "json", str(FAST)],
        capture_output=True,
        text=True,
        check=False,
        env=os.environ | {"GRADER_SERVER": "off"},
    )
    try:
        sandbox = json.loads(done.stdout)["sandbox"]
    except (ValueError, KeyError):
        return "?"
    return f"{sandbox['backend']} ({sandbox.get('chosen_because', '')})"


def cli_figures(runs: int, sandbox: str = "") -> list[Figure]:
    """`grader grade` as a student runs it (`sandbox` "" for no `--sandbox` flag): answered
    by the warm grader it started the first time, and with no warm grader at all."""
    chosen = ("--sandbox", sandbox) if sandbox else ()
    spelled = f"`grader grade{' --sandbox ' + sandbox if sandbox else ''}`"
    grade = (GRADER, "grade", *chosen, FAST)
    off = os.environ | {"GRADER_SERVER": "off"}
    cold, p_cold = paired(lambda: run_quietly(*grade, env=off), runs)
    with warm_server(grade) as env:
        warm, p_warm = paired(lambda: run_quietly(*grade, env=env), runs * 2)
    return [
        Figure(
            f"{spelled} one submission, 9 tests, end to end",
            warm,
            "<= 3 P",
            None,
            ("the default path, " + default_backend() + "; " if not sandbox else "")
            + "answered by the warm grader the first call started",
            p_warm,
        ),
        Figure(
            "the same with GRADER_SERVER=off (a cold grader every time)",
            cold,
            "reported",
            None,
            p=p_cold,
        ),
    ]


@contextlib.contextmanager
def warm_server(command: tuple[str | Path, ...]) -> Iterator[dict[str, str]]:
    """An environment whose warm grader is this benchmark's alone, started by `command` and
    run once more so that its sandbox and slots are made; stopped at the end."""
    with tempfile.TemporaryDirectory(prefix="grader-bench-run-") as runtime:
        env = os.environ | {"XDG_RUNTIME_DIR": runtime, "GRADER_SERVER": "on"}
        try:
            run_quietly(*command, env=env)  # starts the warm grader
            time.sleep(3)
            run_quietly(*command, env=env)
            yield env
        finally:
            for lock in Path(runtime).glob("grader-server/*.lock"):
                with contextlib.suppress(ValueError, OSError):
                    os.kill(int(lock.read_text().strip() or 0), 15)


@contextlib.contextmanager
def opened(name: str, runtime: str = "", warm: bool = True) -> Iterator[object]:
    from grader.judge import open_sandbox
    from grader.sandbox import SandboxOptions

    sandbox = open_sandbox(name, SandboxOptions(warm=warm, oci_runtime=runtime))
    try:
        yield sandbox
    finally:
        sandbox.close()


def warm_figure(
    name: str,
    runs: int,
    target: str,
    limit_p: float | None,
    settle: float = 0.0,
    runtime: str = "",
    warm: bool = True,
) -> Figure:
    """Per submission, in a grader that is already running with its sandbox open; `settle`
    seconds before each, for what the backend starts ahead to be ready."""
    from grader.kinds import grade, load_answers, load_problem
    from grader.kinds.places import find_problem, problem_roots
    from grader.languages import extensions
    from grader.submission import read_submission

    problem = load_problem(find_problem("nqueens", problem_roots()))
    answers = load_answers(problem)
    submission = read_submission(FAST, extensions())
    with opened(name, runtime, warm) as sandbox:
        grade(problem, answers, submission, sandbox)  # the first starts what stays warm
        time.sleep(settle)

        def once() -> None:
            started = time.perf_counter()
            grade(problem, answers, submission, sandbox)
            times.append(time.perf_counter() - started)
            time.sleep(settle)  # what is started ahead is ready again (and P is not disturbed)

        times: list[float] = []
        _, p = paired(once, runs)
        seconds = statistics.median(times)
        forks = getattr(sandbox, "forks_runs", False)
        note = "a warm runner forks each run" if forks else ""
        if not forks and name == "docker":
            note = "a container per submission, " + (
                "the next started while one runs" if warm else "started when it is needed"
            )
    spelled = name + (f" --runtime {runtime}" if runtime else "") + ("" if warm else ", warm off")
    label = f"{spelled}, one submission in a running grader"
    met = None if limit_p is None else seconds <= limit_p * p
    return Figure(label, seconds, target, met, note, p)


def batch_rate(sandbox: str, runs: int, warm: bool = False) -> tuple[float, float, bool]:
    """Seconds per submission of BATCH_SIZE copies through `grader grade --jobs 2`, start-up
    included (`sandbox` "" for the default path), P alongside, and whether every one was AC
    each time (exit 0: a figure timing wrong grading is worth nothing)."""
    with tempfile.TemporaryDirectory(prefix="grader-bench-") as folder:
        for index in range(BATCH_SIZE):
            student = Path(folder) / f"student{index:03d}"
            student.mkdir()
            shutil.copy(FAST, student / FAST.name)
        chosen = ("--sandbox", sandbox) if sandbox else ()
        command = (GRADER, "grade", *chosen, "--jobs", "2", folder)
        wrong: list[int] = []

        def graded(env: dict[str, str]) -> None:
            wrong.append(run_quietly(*command, env=env))

        if warm:
            with warm_server(command) as env:
                elapsed, p = paired(lambda: graded(env), runs)
        else:
            elapsed, p = paired(lambda: graded(os.environ | {"GRADER_SERVER": "off"}), runs)
    return elapsed / BATCH_SIZE, p, not any(wrong)


def batch_figure(label: str, sandbox: str, runs: int, target: str, warm: bool = False) -> Figure:
    each, p, all_ac = batch_rate(sandbox, runs, warm)
    rate = 1 / each
    met = rate >= float(target.split()[1].removesuffix("/s")) if target.startswith(">=") else None
    return Figure(
        label,
        each,
        target,
        None if met is None else met and all_ac,
        f"{rate:.0f} submissions/s" + ("" if all_ac else "; NOT ALL AC"),
        p,
    )


@dataclass(frozen=True)
class Compiled:
    """A compiled language's lesson solution, and its floor: the compiler alone on a hello
    world, run here outside any sandbox."""

    language: str
    solution: Path
    hello_name: str
    hello: str
    floor: tuple[str, ...]  # {src} and {out} filled in
    compiler: str
    spelled: str  # the floor as the issue names it
    # The solution made a program as a student would build it by hand ({solution}: its
    # text), for a floor of the compiler on the same file; "" where none is measured.
    by_hand: str = ""


COMPILED_LANGUAGES = (
    Compiled(
        "C++",
        CPP,
        "hello.cpp",
        '#include <iostream>\nint main() { std::cout << "hi" << std::endl; }\n',
        ("g++", "-O2", "-o", "{out}/hello", "{src}"),
        "g++",
        "g++ -O2",
        "#include <cstdlib>\n#include <iostream>\n#include <vector>\nusing namespace std;\n"
        "{solution}\nint main() { cout << Solution().solveNQueens(8).size() << endl; }\n",
    ),
    Compiled(
        "Rust",
        EXAMPLES / "lesson.rs",
        "hello.rs",
        'fn main() { println!("hi"); }\n',
        ("rustc", "-O", "-o", "{out}/hello", "{src}"),
        "rustc",
        "rustc -O",
    ),
    Compiled(
        "Java",
        EXAMPLES / "Solution.java",
        "Hello.java",
        "public class Hello { public static void main(String[] a) "
        '{ System.out.println("hi"); } }\n',
        ("javac", "-d", "{out}", "{src}"),
        "javac",
        "javac",
    ),
    Compiled(
        "C#",
        EXAMPLES / "Solution.cs",
        "hello.cs",
        'class Hello { static void Main() { System.Console.WriteLine("hi"); } }\n',
        ("mcs", "-out:{out}/hello.exe", "{src}"),
        "mcs",
        "mcs",
    ),
)


def compiled_figures(runs: int) -> list[Figure]:
    """Each compiled language's first build + grade through a warm grader on the default path
    (a source never built before: a comment makes each one new to the build cache, whose
    precompiled C++ header set-up made), then the same file again (a cached build), against
    the same language's floor measured in the same run."""
    figures = []
    for language in COMPILED_LANGUAGES:
        compiler = shutil.which(language.compiler)
        if compiler is None:
            print(f"{language.language}: not measured (no {language.compiler})", file=sys.stderr)
            continue
        with tempfile.TemporaryDirectory(prefix="grader-bench-compiled-") as folder:
            figures += language_figures(language, compiler, Path(folder), runs)
    return figures


def language_figures(language: Compiled, compiler: str, folder: Path, runs: int) -> list[Figure]:
    hello = folder / language.hello_name
    hello.write_text(language.hello)
    floor_argv = [part.format(src=hello, out=folder) for part in language.floor[1:]]
    made = iter(range(10**6))

    def new_source() -> Path:
        copy = folder / f"new{next(made)}" / language.solution.name
        copy.parent.mkdir()
        copy.write_text(language.solution.read_text() + f"\n// {time.time_ns()}\n")
        return copy

    by_hand = folder / f"by_hand{language.solution.suffix}"
    by_hand.write_text(language.by_hand.replace("{solution}", language.solution.read_text()))
    by_hand_argv = [part.format(src=by_hand, out=folder) for part in language.floor[1:]]
    grade = (GRADER, "grade")
    python = bare_interpreter()
    with warm_server((*grade, new_source())) as env:
        # The floors alternate with the builds, as P does: a slow minute moves them all.
        p_first, floor, same_file, first = alternated(
            [
                lambda: run_quietly(python, "-I", "-S", "-c", "pass"),
                lambda: run_quietly(compiler, *floor_argv),
                lambda: run_quietly(compiler, *by_hand_argv) if language.by_hand else 0,
                lambda: run_quietly(*grade, new_source(), env=env),
            ],
            runs,
        )
        same = new_source()
        run_quietly(*grade, same, env=env)
        again, p_again = paired(lambda: run_quietly(*grade, same, env=env), runs)
    note = f"a hello world: {floor * 1000:.0f} ms, so {first / floor:.2f}x"
    target, met = f"<= 2x {language.spelled} of a hello world", first <= 2 * floor
    if language.by_hand:
        # Issue 48's measure: the compiler on the same file, as a student builds it.
        note += f"; the same file by hand: {same_file * 1000:.0f} ms, so {first / same_file:.2f}x"
        target, met = f"<= 1.5x {language.spelled} on the same file", first <= 1.5 * same_file
    return [
        Figure(
            f"{language.language} first build + grade, warm grader, end to end",
            first,
            target,
            met,
            note,
            p_first,
        ),
        Figure(
            f"{language.language} cached build + grade, warm grader, end to end",
            again,
            "reported",
            None,
            "the build cache's",
            p_again,
        ),
    ]


@dataclass(frozen=True)
class Compared:
    """An established judge, installed from the package registry into a temporary directory,
    grading the same submission through `script` (which prints its median seconds)."""

    figure: str
    requirements: tuple[str, ...]
    script: str
    needs: str = ""


COMPARED = (
    Compared(
        "epicbox 1.1.0: one submission, a new container per run, same image",
        # epicbox 1.1.0 passes urllib3 1.x's Retry(method_whitelist=...): 2.x refuses it.
        ("epicbox==1.1.0", "urllib3<2"),
        "epicbox_side_by_side.py",
    ),
    Compared(
        "DMOJ judge 4.1.0, running: one submission, a new traced process per test",
        ("dmoj==4.1.0",),
        "dmoj_side_by_side.py",
        needs="a C++ compiler and libseccomp-dev (apt-get install libseccomp-dev)",
    ),
)


def compared_figures(runs: int) -> list[Figure]:
    """Established judges on the same submission, where the package registry has them."""
    figures = []
    for judge in COMPARED:
        with tempfile.TemporaryDirectory(prefix="grader-bench-compared-") as target:
            try:
                seconds, p = compared_seconds(judge, target, runs)
            except RuntimeError as error:
                print(f"{judge.requirements[0]}: not measured ({error})", file=sys.stderr)
                continue
        figures.append(Figure(judge.figure, seconds, "reported", None, "for comparison", p))
    return figures


def compared_seconds(judge: Compared, target: str, runs: int) -> tuple[float, float]:
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--target", target]
    installed = subprocess.run(
        [*pip, *judge.requirements], capture_output=True, text=True, check=False
    )
    if installed.returncode != 0:
        needs = f"it needs {judge.needs}; " if judge.needs else ""
        raise RuntimeError(f"{needs}pip: {installed.stderr.strip()[-300:]}")
    script = Path(__file__).with_name(judge.script)
    env = os.environ | {"PYTHONPATH": target}
    seconds: list[float] = []

    def once() -> None:
        done = subprocess.run(
            [sys.executable, str(script), "3"], capture_output=True, text=True, env=env
        )
        if done.returncode != 0:
            raise RuntimeError(done.stderr.strip()[-300:])
        seconds.append(float(done.stdout))

    _, p = paired(once, runs)
    return statistics.median(seconds), p


def path_python_floor(runs: int) -> str:
    """The issue's P is `python3 -I -S -c pass` of the first python3 on PATH; scripts/setup may
    have chosen another interpreter (the distribution's) for the environment and the runs."""
    found = shutil.which("python3")
    if found is None:
        return "python3 on PATH: none"
    resolved = subprocess.run(
        [found, "-c", "import sys; print(sys.executable)"], capture_output=True, text=True
    ).stdout.strip()
    runs_interpreter = bare_interpreter()
    if not resolved or os.path.realpath(resolved) == os.path.realpath(runs_interpreter):
        return f"python3 on PATH: the runs' interpreter, {runs_interpreter}"
    seconds = median_of(lambda: run_quietly(resolved, "-I", "-S", "-c", "pass"), runs)
    return f"python3 on PATH: {resolved}, its own P = {seconds * 1000:.1f} ms (not the runs')"


def table(figures: list[Figure]) -> str:
    p = statistics.median(figure.p for figure in figures)
    lines = [
        f"P = {p * 1000:.1f} ms (`{bare_interpreter()} -I -S -c pass`, median; each ratio "
        "uses the P measured alternately with its figure)",
        "",
        "| figure | median | ratio to P | target | met |",
        "| --- | --- | --- | --- | --- |",
    ]
    for figure in figures:
        met = {True: "yes", False: "**no**", None: "-"}[figure.met]
        note = f" ({figure.note})" if figure.note else ""
        lines.append(
            f"| {figure.name}{note} | {figure.seconds * 1000:.1f} ms | "
            f"{figure.seconds / figure.p:.2f} P | {figure.target} | {met} |"
        )
    return "\n".join(lines)


def image_figures() -> list[Figure]:
    """The sandbox image as a fresh machine builds it (no layer cached; into a tag of its
    own, removed after), and the registry probe that decides the recipe."""
    from grader.languages import NEEDS
    from grader.sandbox.docker.engine import connect
    from grader.sandbox.docker.image import build_image, registry_unreachable

    client = connect()
    tag = f"grader-sandbox:bench-{os.getpid()}"
    try:
        runtimes = NEEDS.runtimes()
        probe = median_of(lambda: registry_unreachable(client, runtimes), 3)
        started = time.perf_counter()
        built = build_image(client, runtimes, "auto", tag=tag, fresh=True)
        seconds = time.perf_counter() - started
        size = client.images.get(tag).attrs["Size"] / 2**20
    finally:
        with contextlib.suppress(Exception):
            client.images.remove(tag, force=True)
        client.close()
    _, p = paired(lambda: None, 5)
    return [
        Figure(
            "the sandbox image, built as on a fresh machine (no layer cached)",
            seconds,
            "<= 30 s",
            seconds <= 30,
            f"{built.recipe} recipe, {size:.0f} MiB",
            p,
        ),
        Figure("the registry probe (`auto` choosing the recipe)", probe, "< 2 s", probe < 2, "", p),
    ]


def service_figures(cli_end_to_end: Figure, quick: bool) -> list[Figure]:
    """The grading service (benchmarks/service_bench.py's measurements): submit to result on
    the embedded default against the CLI's end to end in this run, and a batch through Redis
    with two workers against `grader grade --jobs 2` on the same files."""
    sys.path.insert(0, str(Path(__file__).parent))
    import service_bench as service

    samples, batch = (15, 200) if quick else (60, 1000)
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for name in ("embedded", "redis", "cli"):
            (folder / name).mkdir()
        with service.service(folder / "embedded") as (base, _):
            latencies = service.latencies(base, samples, "e")
        with (
            service.redis_and_workers(folder / "redis", 2) as (url, _workers),
            service.service(folder / "redis", url) as (base, running),
        ):
            api_rate, flagged_rate = service.batch_rate(base, running, batch)
        cli_rate = service.cli_rate(folder / "cli", batch)
        into_gradebook = service.cli_rate(folder / "cli", batch, gradebook=True)
    _, p = paired(lambda: None, 5)
    p50, p99 = (service.percentile(latencies, share) for share in (0.5, 0.99))
    cli = cli_end_to_end.seconds
    return [
        Figure(
            "the service: one Python submission, submit to result, embedded, p50",
            p50,
            "<= 2x the CLI's end to end",
            p50 <= 2 * cli,
            f"{p50 / cli:.2f}x",
            p,
        ),
        Figure(
            "the same, p99",
            p99,
            "<= 5x the CLI's end to end",
            p99 <= 5 * cli,
            f"{p99 / cli:.2f}x",
            p,
        ),
        Figure(
            f"the service: a batch of {batch} through Redis, 2 workers, every verdict",
            1 / api_rate,
            ">= 80% of the CLI's --jobs 2",
            api_rate >= 0.8 * cli_rate,
            f"{api_rate:.0f}/s against {cli_rate:.0f}/s: {api_rate / cli_rate:.0%}",
            p,
        ),
        Figure(
            "the same batch until every instructor's flag is found too",
            1 / flagged_rate,
            "-",
            None,
            f"{flagged_rate:.0f}/s against `--jobs 2 --db` (the same work) "
            f"{into_gradebook:.0f}/s: {flagged_rate / into_gradebook:.0%}",
            p,
        ),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--skip-docker", action="store_true")
    parser.add_argument(
        "--only",
        choices=(
            "default",
            "process",
            "docker",
            "gvisor",
            "image",
            "compiled",
            "package",
            "service",
        ),
        help="one section of the table (while working on it)",
    )
    parser.add_argument(
        "--compare",
        action="store_true",
        help="also grade the submission with epicbox and with a DMOJ judge, and verify the "
        "package with problemtools (each installed from the registry into a temporary "
        "directory; DMOJ builds against libseccomp-dev)",
    )
    parser.add_argument(
        "--problemtools",
        type=Path,
        help="Kattis problemtools' verifyproblem, for the package section to run beside "
        "(--compare installs it from the registry)",
    )
    args = parser.parse_args()
    if not GRADER.exists():
        print("run scripts/setup first: .venv/bin/grader is missing", file=sys.stderr)
        return 2
    runs = 5 if args.quick else 15
    batches = 3 if args.quick else 5

    def wanted(section: str) -> bool:
        docker = section in ("docker", "gvisor", "image")
        return (args.only in (None, section)) and not (docker and args.skip_docker)

    figures: list[Figure] = []
    default: list[Figure] = []
    if wanted("default") or wanted("service"):
        default = cli_figures(runs)  # the default path first: what students and classes get
    if wanted("default"):
        version, p_version = paired(lambda: run_quietly(GRADER, "--version"), runs)
        figures += [
            *default,
            batch_figure(
                f"the default path: a batch of {BATCH_SIZE}, `grader grade --jobs 2`, "
                "start-up included",
                "",
                batches,
                ">= 60/s",
            ),
            Figure("`grader --version` (CLI start-up)", version, "small", None, p=p_version),
        ]
    process_batch: Figure | None = None
    process_warm_batch: Figure | None = None
    if wanted("process") or wanted("docker"):
        process_batch = batch_figure(
            f"process: a batch of {BATCH_SIZE}, `--jobs 2`, start-up included",
            "process",
            batches,
            ">= 60/s",
        )
        process_warm_batch = batch_figure(
            "the same batch, answered by the warm grader",
            "process",
            batches,
            "reported",
            warm=True,
        )
    if wanted("process"):
        assert process_batch is not None and process_warm_batch is not None
        figures += cli_figures(runs, "process")
        figures.append(warm_figure("process", runs * 2, "<= 1 P (stretch)", 1))
        figures += [process_batch, process_warm_batch]
    if wanted("docker"):
        assert process_batch is not None and process_warm_batch is not None
        figures.append(warm_figure("docker", runs, "<= 10 P", 10))
        for label, warm, process_figure in (
            (
                f"docker: a batch of {BATCH_SIZE}, `--jobs 2`, start-up included",
                False,
                process_batch,
            ),
            ("the same docker batch, answered by the warm grader", True, process_warm_batch),
        ):
            docker_batch = batch_figure(label, "docker", batches, "reported", warm=warm)
            share = process_figure.seconds / docker_batch.seconds
            figures.append(
                replace(
                    docker_batch,
                    target=">= 90% of the process backend's",
                    met=share >= 0.9,
                    note=f"{docker_batch.note}: {share:.0%} of the process backend's in this run",
                )
            )
    if wanted("gvisor"):
        try:
            # A container per submission both ways: started when it is needed, and (gVisor's
            # default) the next one started while a submission runs.
            runc = warm_figure("docker", runs, "reported", None, warm=False)
            cold = warm_figure("docker", runs, "reported", None, runtime="runsc", warm=False)
            ahead = warm_figure("docker", runs, "reported", None, runtime="runsc")
            figures += [
                runc,
                replace(cold, note=f"{cold.note}; {cold.seconds / runc.seconds:.2f}x runc's"),
                ahead,
            ]
        except Exception as error:  # noqa: BLE001 - a missing runtime is a line, not a crash
            print(f"gvisor: not measured ({error})", file=sys.stderr)
    if wanted("image"):
        figures += image_figures()
    if wanted("compiled"):
        figures += compiled_figures(batches)
    if wanted("package"):
        import package_bench

        figures += package_bench.per_test_figures(runs * 2)
        with tempfile.TemporaryDirectory(prefix="grader-bench-problemtools-") as folder:
            problemtools = args.problemtools
            if problemtools is None and args.compare:
                problemtools = package_bench.installed_problemtools(Path(folder))
            figures += package_bench.command_figures(batches, problemtools)
    if wanted("service"):
        figures += service_figures(default[0], args.quick)
    if args.compare:
        figures += compared_figures(runs)
    scored = [
        replace(figure, met=_met(figure)) if re.match(r"<= [\d.]+ P", figure.target) else figure
        for figure in figures
    ]
    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    print(table(scored))
    print(path_python_floor(runs))
    return 0


def _met(figure: Figure) -> bool:
    bound = float(figure.target.split()[1])
    return figure.seconds <= bound * figure.p


if __name__ == "__main__":
    sys.exit(main())
