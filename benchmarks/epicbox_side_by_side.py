"""The same submission graded the epicbox way, for `bench.py --compare`: a new container per
run (epicbox.run), the nine tests inside it, the answers compared outside.

    PYTHONPATH=<epicbox installed here> .venv/bin/python benchmarks/epicbox_side_by_side.py RUNS

Prints one line: the median seconds per submission. epicbox pulls no image here: its profile
uses the grader's own local sandbox image, whose interpreter it calls by full path.
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DRIVER = """
import json
from solution import solve_n_queens
print(json.dumps([solve_n_queens(n) for n in range(1, 10)]))
"""


def with_shell(client: object, tag: str) -> str:
    """epicbox runs every command through /bin/sh, which the grader's image (the interpreter
    alone) lacks: the same image plus this machine's sh, built once."""
    import io
    import shutil
    import tarfile

    derived = f"grader-bench-epicbox:{tag.rsplit(':', 1)[1]}"
    with contextlib.suppress(Exception):
        client.images.get(derived)  # type: ignore[attr-defined]
        return derived
    shell = Path(os.path.realpath(shutil.which("sh") or "/bin/sh"))
    context = io.BytesIO()
    with tarfile.open(fileobj=context, mode="w") as archive:
        dockerfile = f"FROM {tag}\nCOPY sh /bin/sh\n".encode()
        entry = tarfile.TarInfo("Dockerfile")
        entry.size = len(dockerfile)
        archive.addfile(entry, io.BytesIO(dockerfile))
        archive.add(shell, arcname="sh")
    context.seek(0)
    client.images.build(fileobj=context, custom_context=True, tag=derived)  # type: ignore[attr-defined]
    return derived


def main() -> int:
    import epicbox

    from grader.kinds import load_answers, load_problem
    from grader.kinds.places import find_problem, problem_roots
    from grader.languages import NEEDS
    from grader.sandbox.docker.engine import connect
    from grader.sandbox.docker.image import ARGV0_LABEL, image_tag

    runs = int(sys.argv[1])
    tag = image_tag(NEEDS.runtimes())
    client = connect()
    python = client.images.get(tag).labels[f"{ARGV0_LABEL}python"]
    image = with_shell(client, tag)
    client.close()
    epicbox.configure(profiles=[epicbox.Profile("python", image, user="65534")])
    problem = load_problem(find_problem("nqueens", problem_roots()))
    answers = load_answers(problem)
    expected = [answers[test.name] for test in sorted(problem.tests, key=lambda t: t.input["n"])]
    source = (ROOT / "submissions" / "nqueens" / "accepted" / "bitmask.py").read_bytes()
    files = [
        {"name": "solution.py", "content": source},
        {"name": "main.py", "content": DRIVER.encode()},
    ]
    limits = {"cputime": 10, "realtime": 20, "memory": 256}
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        result = epicbox.run("python", f"{python} -S main.py", files=files, limits=limits)
        returned = json.loads(result["stdout"])
        correct = all(
            sorted(map(list, got)) == sorted(want)
            for got, want in zip(returned, expected, strict=True)
        )
        times.append(time.perf_counter() - started)
        if not correct or result["exit_code"] != 0:
            print(f"epicbox run failed: {result}", file=sys.stderr)
            return 1
    print(statistics.median(times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
