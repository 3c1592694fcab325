"""A Jobe run's cost, as Moodle's CodeRunner pays it, against P (a bare interpreter's
start-up) and the command line's `grader grade`, measured in the same run:

    .venv/bin/python benchmarks/jobe_bench.py [--runs N]

- `POST runs` of a trivial program in every Jobe language here (reading two numbers from
  standard input, printing their sum), end to end through the endpoint of an embedded
  service on 127.0.0.1, each language's runs alternated with the others';
- `grader grade` of one N-Queens submission, answered by the warm grader, for comparison.

Everything runs on 127.0.0.1, and everything started here is stopped here.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import cli_figures  # noqa: E402
from service_bench import floor_s, service  # noqa: E402

PROGRAMS = {
    "python3": "print(sum(int(word) for word in input().split()))\n",
    "c": '#include <stdio.h>\nint main(void) {\n    int a, b;\n    if (scanf("%d %d", &a, &b) != 2)'
    ' return 1;\n    printf("%d\\n", a + b);\n    return 0;\n}\n',
    "cpp": "#include <iostream>\nint main() {\n    int a, b;\n    std::cin >> a >> b;\n"
    "    std::cout << a + b << std::endl;\n}\n",
    "java": "import java.util.Scanner;\npublic class Main {\n"
    "    public static void main(String[] a) {\n        Scanner in = new Scanner(System.in);\n"
    "        System.out.println(in.nextInt() + in.nextInt());\n    }\n}\n",
    "nodejs": "const [a, b] = require('fs').readFileSync(0, 'utf8').split(/\\s+/).map(Number);\n"
    "console.log(a + b);\n",
    "php": "<?php\n[$a, $b] = array_map('intval', explode(' ', trim(fgets(STDIN))));\n"
    'echo $a + $b, "\\n";\n',
    "octave": "printf('%d\\n', sum(str2num(input('', 's'))));\n",
    "pascal": "var a, b: integer;\nbegin\n  readln(a, b);\n  writeln(a + b);\nend.\n",
}


def run_once(base: str, language: str) -> float:
    spec = {"language_id": language, "sourcecode": PROGRAMS[language], "input": "20 22\n"}
    body = json.dumps({"run_spec": spec}).encode()
    request = urllib.request.Request(
        f"{base}/jobe/index.php/restapi/runs",
        body,
        {"Content-Type": "application/json"},
        method="POST",
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as answer:
        document = json.load(answer)
    took = time.perf_counter() - started
    if document.get("outcome") != 15 or document.get("stdout") != "42\n":
        raise RuntimeError(f"{language}: {document}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    p = floor_s()
    times: dict[str, list[float]] = {language: [] for language in PROGRAMS}
    with tempfile.TemporaryDirectory() as folder, service(Path(folder)) as (base, _):
        for language in PROGRAMS:
            run_once(base, language)  # a first run per language: caches and a warm runner
        for _ in range(args.runs):
            for language in PROGRAMS:
                times[language].append(run_once(base, language))
    cli = cli_figures(max(args.runs // 3, 3), "process")[0]
    print(f"P = {p * 1000:.1f} ms (a bare `python -I -S -c pass`, median)\n")
    print("| figure | median | ratio to P |\n| --- | --- | --- |")
    for language, measured in times.items():
        median = statistics.median(measured)
        print(
            f"| Jobe `POST runs`, {language}, end to end | {median * 1000:.1f} ms | "
            f"{median / p:.2f} P |"
        )
    print(
        f"| `grader grade --sandbox process`, one N-Queens submission, warm grader | "
        f"{cli.seconds * 1000:.1f} ms | {cli.seconds / p:.2f} P |"
    )


if __name__ == "__main__":
    main()
