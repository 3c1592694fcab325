"""Grading many submissions: N at once, each result handed on (to the gradebook, to a
progress line) the moment it is finished, so a kill loses only what was still running."""

from __future__ import annotations

import csv
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from queue import SimpleQueue
from typing import TextIO

from ..errors import UsageError
from ..problem import Problem
from ..results import SubmissionResult
from ..sandbox import Sandbox
from ..submission import Submission, read_submission
from ..text import printable
from . import grade


@dataclass(frozen=True, slots=True)
class Entry:
    """One submission of a batch, and whose it is."""

    submission: Submission
    student: str


def read_roster(path: Path) -> dict[str, str]:
    """A CSV with columns `student` and `file`: the file (or folder) name a student handed in
    under, and the id the gradebook should use for them."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UsageError(f"{path}: cannot read the roster ({error.strerror})") from None
    try:
        text = data.decode("utf-8-sig")  # a spreadsheet's CSV export may start with a BOM
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise UsageError(
            f"{path}:{line}: not UTF-8 (byte 0x{data[error.start]:02x}); export the roster as "
            "CSV UTF-8"
        ) from None
    try:
        rows = list(csv.DictReader(text.splitlines()))
    except csv.Error as error:
        raise UsageError(f"{path}: not a readable CSV file ({error})") from None
    if not rows or not {"student", "file"} <= set(rows[0]):
        raise UsageError(f"{path}:1: a roster needs the columns student and file")
    for number, row in enumerate(rows, start=2):  # line 1 names the columns
        if not (row["file"] or "").strip() or not (row["student"] or "").strip():
            raise UsageError(f"{path}:{number}: a row needs both a student and a file")
    return {row["file"].strip(): row["student"].strip() for row in rows}


def collect(
    arguments: Sequence[str],
    known: Mapping[str, str],
    student_pattern: str | None = None,
    roster: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> list[Entry]:
    """Files as given (relative to `cwd`, by default the working directory, and shown as
    given); folders expand to the files of known languages inside, sorted. The student is
    the first name under the folder (`class/ada/solution.py` or `class/ada.py`: ada), or
    what `student_pattern`'s group `student` (or group 1) matches; a roster then maps that
    name (or the file's name) to the student's id."""
    pattern = re.compile(student_pattern) if student_pattern else None
    base = cwd or Path()
    entries: list[Entry] = []
    for argument in arguments:
        root = Path(argument)
        folder = root if (base / root).is_dir() else None
        if folder is not None:
            # Links and special files too: each is graded CE saying why (submission.py).
            found = sorted(
                root / p.relative_to(base / root)
                for p in (base / root).rglob("*")
                if p.suffix in known and (p.is_symlink() or not p.is_dir())
            )
            if not found:
                raise UsageError(
                    f"{root}: no submissions found (known extensions: {', '.join(sorted(known))})"
                )
            pairs = [(path, _first_name(path.relative_to(root))) for path in found]
        else:
            pairs = [(root, root.stem)]
        for path, student in pairs:
            if pattern is not None:
                matched = pattern.search(str(path))
                if matched is None:
                    raise UsageError(f"{path}: --student-pattern does not match this path")
                student = matched.groupdict().get("student") or matched.group(1)
            if roster is not None:
                listed = roster.get(student) or roster.get(path.name)
                if listed is None:
                    raise UsageError(f"{path}: {student!r} is not in the roster")
                student = listed
            # A name from the file system: shown on terminals and stored in the gradebook.
            submission = read_submission(
                base / path, known, base / folder if folder else None, shown=str(path)
            )
            entries.append(Entry(submission, printable(student, one_line=True)))
    return entries


def _first_name(relative: Path) -> str:
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def grade_all(
    problem: Problem,
    answers: Mapping[str, object],
    entries: Sequence[Entry],
    sandbox: Sandbox,
    jobs: int,
    reveal_hidden: bool,
    finished: Callable[[Entry, SubmissionResult], None],
    step: int | None = None,
) -> tuple[SubmissionResult, ...]:
    """Grade every entry, `jobs` at once; `finished` is called for each as it completes, in
    this thread. Results come back in the entries' order. A harness failure (grade raises
    only SandboxUnavailable) stops the batch: nothing more starts, and it is raised here
    once the submissions already running are done. `step`: a lesson's, checked up to it."""
    results: dict[int, SubmissionResult] = {}
    if jobs == 1 or len(entries) <= 1:
        for index, entry in enumerate(entries):
            results[index] = grade(
                problem, answers, entry.submission, sandbox, reveal_hidden, step=step
            )
            finished(entry, results[index])
        return tuple(results[index] for index in range(len(entries)))

    def one(entry: Entry) -> SubmissionResult:
        return grade(problem, answers, entry.submission, sandbox, reveal_hidden, step=step)

    return _in_threads(entries, one, jobs, finished)


def _in_threads(
    entries: Sequence[Entry],
    one: Callable[[Entry], SubmissionResult],
    jobs: int,
    finished: Callable[[Entry, SubmissionResult], None],
) -> tuple[SubmissionResult, ...]:
    """grade_all's work, `jobs` threads taking the next entry as each is free."""
    # Plain threads, not concurrent.futures: its import (logging among it) cost more than a
    # whole grade in a running grader.
    results: dict[int, SubmissionResult] = {}
    waiting = iter(enumerate(entries))
    taking = threading.Lock()
    done: SimpleQueue[tuple[int, SubmissionResult | BaseException] | None] = SimpleQueue()
    stop = threading.Event()

    def work() -> None:
        try:
            while not stop.is_set():
                with taking:
                    item = next(waiting, None)
                if item is None:
                    return
                index, entry = item
                try:
                    result = one(entry)
                except BaseException as error:  # noqa: BLE001 - raised in the caller's thread
                    stop.set()
                    done.put((index, error))
                else:
                    done.put((index, result))
        finally:
            done.put(None)  # this worker is done

    workers = [threading.Thread(target=work, daemon=True) for _ in range(min(jobs, len(entries)))]
    for worker in workers:
        worker.start()
    failure: BaseException | None = None
    working = len(workers)
    try:
        while working:
            message = done.get()
            if message is None:
                working -= 1
            elif isinstance(message[1], BaseException):
                failure = failure or message[1]
            else:
                results[message[0]] = message[1]
                finished(entries[message[0]], message[1])
    finally:
        stop.set()  # an interrupted batch starts nothing more, and ends what runs
        for worker in workers:
            worker.join()
    if failure is not None:
        raise failure
    return tuple(results[index] for index in range(len(entries)))


class Progress:
    """`[12/200] ada: WA` on one line of a terminal's stderr; silent elsewhere."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self._total = total
        self._done = 0
        self._stream = stream
        self._shown = stream.isatty() and total > 1

    def __call__(self, entry: Entry, result: SubmissionResult) -> None:
        self._done += 1
        if self._shown:
            line = f"[{self._done}/{self._total}] {entry.student}: {result.verdict.value}"
            self._stream.write("\r\x1b[K" + line[:100])
            if self._done == self._total:
                self._stream.write("\n")
            self._stream.flush()
