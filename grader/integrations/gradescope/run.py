"""`grader gradescope run`: what run_autograder does inside Gradescope's container. It finds
the one solution among the files a student uploaded, grades it with the process backend
(Gradescope's container has no Docker engine), and writes results.json. Whatever goes wrong
(no solution, two of them, a fault of the harness), the student still gets a results.json
that says what to do; the details go to run_autograder's output, which only staff see."""

from __future__ import annotations

import json
import os
import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from ...errors import EXIT_INTERNAL, EXIT_OK
from ...languages import LANGUAGES

IGNORED_FOLDERS = ("__MACOSX", "__pycache__", ".git")


# A command line of grader's own, run in a folder: how `grader gradescope run` grades.
CommandLine = Callable[[Sequence[str], Path], int]


def run_autograder(
    config_file: Path, submission: Path, results: Path, command_line: CommandLine, log: TextIO
) -> int:
    """Always EXIT_OK once results.json is written: Gradescope reads a failing script as
    "the autograder failed", which tells a student nothing. `log`: what staff see."""
    try:
        config = json.loads(config_file.read_text(encoding="utf-8"))
        problem = config_file.parent / str(config["problem"])
        languages = tuple(str(language) for language in config["languages"])
        # A zip built before packages names no extensions: its languages are grader's own.
        found = find_solution(submission, config.get("extensions") or suffixes_of(languages))
        if isinstance(found, str):
            _write_failure(results, found)
            return EXIT_OK
        results.unlink(missing_ok=True)
        argv = ["grade", str(found.relative_to(submission)), "--problem", str(problem)]
        argv += ["--sandbox", "process", "--format", "gradescope", "--output", str(results)]
        status = command_line(argv, submission)
        if status == EXIT_INTERNAL or not results.is_file():
            _write_failure(results, _FAULT)
    except Exception:  # noqa: BLE001 - the student must still get a results.json
        traceback.print_exc(file=log)
        _write_failure(results, _FAULT)
    return EXIT_OK


_FAULT = (
    "The autograder itself failed on this submission (not your code's fault). Your course "
    "staff can see why in the autograder's output; submit again later or tell them."
)


def suffixes_of(languages: tuple[str, ...]) -> dict[str, str]:
    """Extension -> language, of grader's own languages of these names."""
    return {suffix: language for language in languages for suffix in LANGUAGES[language].extensions}


def find_solution(submission: Path, suffixes: Mapping[str, str]) -> Path | str:
    """The one file of an accepted language (by its extension) the student uploaded, or
    what to tell them."""
    candidates: list[Path] = []
    others: list[str] = []
    for folder, folders, names in os.walk(submission):  # never into a linked folder
        folders[:] = sorted(f for f in folders if f not in IGNORED_FOLDERS)
        for name in sorted(names):
            path = Path(folder, name)
            shown = path.relative_to(submission).as_posix()
            if path.suffix in suffixes:
                candidates.append(path)  # a link is graded CE, saying why (submission.py)
            elif not name.startswith("."):
                others.append(shown)
    wanted = " or ".join(sorted(suffixes))
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        seen = f" (uploaded: {', '.join(others[:10])})" if others else ""
        return f"No solution found: upload one file ending in {wanted}{seen}."
    listed = ", ".join(p.relative_to(submission).as_posix() for p in candidates[:10])
    return f"Several solutions found ({listed}): upload exactly one file ending in {wanted}."


def _write_failure(results: Path, message: str) -> None:
    document = {
        "score": 0,
        "output": message,
        "visibility": "visible",
        "stdout_visibility": "hidden",
        "tests": [],
    }
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
