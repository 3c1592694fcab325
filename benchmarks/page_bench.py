"""The exercise page as a student meets it, against P (a bare interpreter's start-up) and the
command line's `grader grade`, measured in the same run:

    .venv/bin/python benchmarks/page_bench.py [--runs N]

- the page loaded to interactive: from navigating to /problems/nqueens in Debian's chromium
  (driven by Playwright) to the code editor ready for typing (CodeMirror mounted), or the
  textarea where set-up built no editor;
- Run's round trip for a Python answer: `POST /v1/runs` with `n = 6`, from the request to the
  answer beside the reference's (a wrong answer, so the checker explains);
- `grader grade` of one N-Queens submission, answered by the warm grader, for comparison.

Everything runs on 127.0.0.1, and everything started here is stopped here.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench import cli_figures  # noqa: E402
from service_bench import floor_s, post, service  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WRONG = (ROOT / "submissions" / "nqueens" / "wrong_answer" / "diagonal_without_abs.py").read_text()


def page_loads(
    base: str, runs: int, first_visit: bool, path: str = "/problems/nqueens"
) -> list[float]:
    """Seconds from navigating to the editor being ready: `first_visit` in a new browser
    context each time (nothing cached), else reloads in one (the bundle cached). Another
    `path` (a static file): to its load, the browser's own floor on this machine."""
    from playwright.sync_api import sync_playwright

    seconds = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = browser.new_context()
            for index in range(-2, runs):  # two first loads warm the browser and the server
                if first_visit:
                    context.close()
                    context = browser.new_context()
                page = context.new_page()
                started = time.perf_counter()
                page.goto(f"{base}{path}")
                if path.startswith("/problems/"):
                    page.locator(".cm-content, #source:not([hidden])").first.wait_for()
                if index >= 0:
                    seconds.append(time.perf_counter() - started)
                page.close()
        finally:
            browser.close()
    return seconds


def runs_round_trip(base: str, runs: int) -> list[float]:
    body = {"problem": "nqueens", "language": "python", "source": WRONG, "input": "n = 6"}
    seconds = []
    for index in range(-2, runs):
        started = time.perf_counter()
        answer = post(f"{base}/v1/runs", body)
        took = time.perf_counter() - started
        if answer["yours"]["verdict"] != "WA":  # type: ignore[index]
            raise RuntimeError(answer)
        if index >= 0:
            seconds.append(took)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    p = floor_s()
    import grader.service.page as page

    with tempfile.TemporaryDirectory() as folder, service(Path(folder)) as (base, _):
        floor = page_loads(base, args.runs, first_visit=True, path="/static/style.css")
        first = page_loads(base, args.runs, first_visit=True)
        again = page_loads(base, args.runs, first_visit=False)
        bundled = page.editor_bundle
        page.editor_bundle = lambda: False  # type: ignore[assignment]
        plain = page_loads(base, args.runs, first_visit=True)
        page.editor_bundle = bundled  # type: ignore[assignment]
        round_trips = runs_round_trip(base, args.runs)
    cli = cli_figures(max(args.runs // 3, 3), "process")[0]
    print(f"P = {p * 1000:.1f} ms\n")
    print("| figure | median | ratio to P |\n| --- | --- | --- |")
    for label, seconds in [
        ("the browser's floor: a stylesheet alone, a first visit", statistics.median(floor)),
        ("the page to interactive, a first visit (the editor ready)", statistics.median(first)),
        ("the same, reloaded (the editor's bundle cached)", statistics.median(again)),
        (
            "the page without the editor's bundle (the textarea), a first visit",
            statistics.median(plain),
        ),
        ("Run's round trip, a Python answer, n = 6", statistics.median(round_trips)),
        (f"`grader grade` end to end ({cli.name})", cli.seconds),
    ]:
        print(f"| {label} | {seconds * 1000:.1f} ms | {seconds / p:.2f} P |")


if __name__ == "__main__":
    main()
