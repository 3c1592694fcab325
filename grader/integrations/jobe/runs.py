"""What the Jobe endpoint (jobe.py) runs: a plain program with its standard input, or, for a
problem's own language id (`nqueens-python`), the source graded against the problem with
CodeRunner's combinator-grader JSON printed as the run's output. Runs share the service's
sandbox (or open one where the service only enqueues); at most `capacity` run at once, and
one that finds no free slot soon is answered "server overload", as Jobe does."""

from __future__ import annotations

import html
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from ...errors import GraderError, SandboxUnavailable
from ...judge import open_sandbox, student_test
from ...kinds import grade, kind_of, languages_of
from ...kinds.catalog import Catalog
from ...languages import jobe_languages
from ...languages.programs import NOTHING_SHOWN, PlainHost
from ...limits import Limits
from ...plain.run import (
    OUT_OF_MEMORY_SAID,
    PlainRun,
    RunSpec,
    jobe_text,
    run_plain,
)
from ...problem import Problem
from ...results import SubmissionResult
from ...sandbox import Sandbox, SandboxOptions
from ...sandbox.base import Termination
from ...submission import Submission
from ...verdicts import Verdict

# Jobe's outcome codes (jobe/app/Libraries/LanguageTask.php).
COMPILE_ERROR, RUNTIME_ERROR, TIME_LIMIT, OK, MEMORY_LIMIT = 11, 12, 13, 15, 17
ILLEGAL_SYSCALL, INTERNAL_ERROR, SERVER_OVERLOAD = 19, 20, 21
SIGSYS: Final = 31  # what the seccomp filter kills a forbidden system call with
# Jobe's defaults: a run's CPU seconds, and the most a run_spec may ask for
# (cputime_upper_limit_secs in its app/Config/Jobe.php).
DEFAULT_CPU_S, MAX_CPU_S = 5, 120
DEFAULT_MEMORY_MIB, MAX_MEMORY_MIB = 256, 2048
DEFAULT_STREAM_MIB, MAX_STREAM_MIB = 2, 16
FILE_CACHE_BYTES: Final = 64 * 2**20
OVERLOAD_WAIT_S: Final = 10.0  # Jobe's jobe_wait_timeout: then outcome 21


@dataclass(frozen=True, slots=True)
class RunResult:
    outcome: int
    cmpinfo: str = ""
    stdout: str = ""
    stderr: str = ""

    def document(self) -> dict[str, object]:
        return {
            "run_id": None,  # immediate mode: Jobe keeps nothing of a run
            "outcome": self.outcome,
            "cmpinfo": self.cmpinfo,
            "stdout": self.stdout,
            "stderr": self.stderr,
        }


class FileCache:
    """PUT files by id, kept until FILE_CACHE_BYTES of newer ones push them out; a client
    whose file is gone gets 404 and puts it again (CodeRunner does)."""

    def __init__(self, capacity: int = FILE_CACHE_BYTES) -> None:
        self._capacity = capacity
        self._files: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def put(self, file_id: str, content: bytes) -> None:
        with self._lock:
            old = self._files.pop(file_id, None)
            self._size -= len(old) if old is not None else 0
            self._files[file_id] = content
            self._size += len(content)
            while self._size > self._capacity and len(self._files) > 1:
                _, dropped = self._files.popitem(last=False)
                self._size -= len(dropped)

    def get(self, file_id: str) -> bytes | None:
        with self._lock:
            found = self._files.get(file_id)
            if found is not None:
                self._files.move_to_end(file_id)
            return found


class JobeRuns:
    def __init__(
        self,
        catalog: Catalog,
        sandbox: Sandbox | None,
        choice: str,
        capacity: int,
        overload_wait_s: float = OVERLOAD_WAIT_S,
        sandbox_options: SandboxOptions | None = None,
        host: PlainHost = NOTHING_SHOWN,
    ) -> None:
        self.files = FileCache()
        self._catalog = catalog
        self._sandbox = sandbox
        self._owned: Sandbox | None = None  # opened here, when the service had none
        self._choice = choice
        self._sandbox_options = sandbox_options
        self.host = host
        self._lock = threading.Lock()
        self._capacity = max(capacity, 1)
        self._slots = threading.BoundedSemaphore(self._capacity)
        self._overload_wait_s = overload_wait_s
        self._busy = 0
        self._plain: list[tuple[str, str]] | None = None  # asked of the toolchains once

    def close(self) -> None:
        if self._owned is not None:
            self._owned.close()

    def languages(self) -> list[tuple[str, str]]:
        """[id, version] of every language this machine can run, as Jobe lists them."""
        if self._plain is None:
            self._plain = []
            for name, plain in jobe_languages().items():
                try:
                    self._plain.append((name, plain.programs.version()))
                except SandboxUnavailable:
                    continue
        found = list(self._plain)
        for offered in self._catalog.all():
            for language in languages_of(offered.problem):
                if _can_build(offered.problem, language):
                    found.append((f"{offered.problem.id}-{language}", offered.version))
        return found

    def known(self, language_id: str) -> bool:
        return language_id in dict(self.languages())

    def run(self, spec: RunSpec) -> RunResult:
        if not self._slots.acquire(timeout=self._overload_wait_s):
            return RunResult(SERVER_OVERLOAD)
        with self._lock:
            self._busy += 1
        try:
            sandbox = self.sandbox()
            plain = jobe_languages().get(spec.language)
            if plain is not None and plain.programs.jobe is not None:
                ran = _plain_result(run_plain(sandbox, plain, spec, self.host), spec.limits)
                return replace(ran, stderr=plain.programs.jobe.stderr(ran.stderr))
            return self._graded(spec.language, spec.source, sandbox)
        except GraderError as error:
            return RunResult(INTERNAL_ERROR, stderr=f"internal error of the grader: {error}")
        finally:
            with self._lock:
                self._busy -= 1
            self._slots.release()

    @property
    def capacity(self) -> int:
        """How many runs go on at once; more wait for a slot, then get outcome 21."""
        return self._capacity

    def busy(self) -> int:
        """Runs going on now."""
        with self._lock:
            return self._busy

    def sandbox(self) -> Sandbox:
        """The service's sandbox, or one opened here at the first run where grading is
        the workers' (also for a student's run on their own input)."""
        if self._sandbox is not None:
            return self._sandbox
        with self._lock:
            if self._owned is None:
                self._owned = open_sandbox(self._choice, self._sandbox_options)
            return self._owned

    def _graded(self, language_id: str, source: bytes, sandbox: Sandbox) -> RunResult:
        problem_id, _, language = language_id.rpartition("-")
        offered = self._catalog.get(problem_id)
        assert offered is not None  # the endpoint checked the id against languages()
        file_name = kind_of(offered.problem).file_name(offered.problem, language)
        submission = Submission(Path(file_name), file_name, language, source)
        result = grade(offered.problem, offered.answers, submission, sandbox)
        return RunResult(OK, stdout=json.dumps(combinator_document(result)))


def _can_build(problem: Problem, language: str) -> bool:
    """Whether this machine has the toolchain `problem` builds `language` with."""
    return kind_of(problem).can_build(problem, language)


def combinator_document(result: SubmissionResult) -> dict[str, object]:
    """CodeRunner's combinator template grader answer: the mark out of 1, a table whose
    `iscorrect` and `ishidden` columns it understands, and the verdict above it. A hidden
    test's row says only what a student may see (its input and answer never leave)."""
    rows: list[list[object]] = [["iscorrect", "Test", "Verdict", "Message", "ishidden"]]
    for test in result.tests:
        shown = student_test(test)
        message = shown.message + (f"\n\n{shown.board}" if shown.board else "")
        rows.append(
            [shown.verdict is Verdict.AC, shown.name, shown.verdict.value, message, shown.hidden]
        )
    verdict = f"{result.verdict.value}: {result.verdict.description}"
    prologue = f"<p><b>{html.escape(verdict)}</b>, score {result.score:g}/{result.max_score:g}</p>"
    if result.compile_output:
        prologue += f"<pre>{html.escape(result.compile_output)}</pre>"
    return {
        "fraction": round(result.score / result.max_score, 6) if result.max_score else 0.0,
        "testresults": rows if result.tests else [],
        "prologuehtml": prologue,
    }


def _plain_result(ran: PlainRun, limits: Limits) -> RunResult:
    if not ran.compiled or ran.outcome is None:
        return RunResult(COMPILE_ERROR, cmpinfo=ran.cmpinfo)
    outcome = ran.outcome
    stdout, stderr = jobe_text(outcome.stdout), jobe_text(outcome.stderr)
    ended = outcome.termination
    if ended is Termination.STARVED:
        code = SERVER_OVERLOAD  # starved of CPU twice: the machine's fault; Moodle may retry
    elif ended in (Termination.CPU_LIMIT, Termination.WALL_LIMIT):
        code = TIME_LIMIT
    elif ended is Termination.MEMORY_LIMIT or (
        outcome.exit_code != 0 and any(said in outcome.stderr for said in OUT_OF_MEMORY_SAID)
    ):
        code = MEMORY_LIMIT
    elif ended is Termination.SIGNALED and outcome.signal == SIGSYS:
        code = ILLEGAL_SYSCALL
    elif ended is Termination.OUTPUT_LIMIT:
        # Jobe's sandbox stops a run at its stream size, and Jobe answers that as a time
        # limit: what it printed up to there is kept.
        code = TIME_LIMIT
        stderr += f"\n(output over {limits.output_kib // 1024} MiB: the rest was dropped)"
    elif ended is Termination.EXITED and outcome.exit_code == 0:
        code = OK
    else:
        code = RUNTIME_ERROR
    return RunResult(code, stdout=stdout, stderr=stderr)
