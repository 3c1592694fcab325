"""`grader doctor`'s self-test: a tiny program per language, built and run in the sandbox
`--sandbox auto` picks, as a submission would be (DMOJ's judges test themselves the same
way). `which g++` says a compiler exists; this says it compiles, runs and answers here."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory

from ..errors import GraderError
from ..kinds import grade
from ..languages import FUNCTION_LANGUAGES
from ..languages.plus_one import plus_one, plus_one_problem
from ..sandbox import Sandbox
from ..verdicts import Verdict


@dataclass(frozen=True, slots=True)
class SelfTest:
    language: str
    passed: bool
    detail: str  # the time it took, or what went wrong
    # Whether a crash's line is found here (judge/crash_site.py), for a language that
    # rebuilds with sanitizers; "" for the others.
    sanitizers: str = ""


def run_self_test(language_id: str, sandbox: Sandbox) -> SelfTest:
    """Build and run `plus_one` in `language_id`; passed when it answers 42 for 41."""
    with TemporaryDirectory(prefix="grader-self-test-") as folder:
        problem = plus_one_problem(Path(folder))
        submission = plus_one(language_id, problem)
        started = time.monotonic()
        try:
            result = grade(problem, {"n41": 42}, submission, sandbox)
        except GraderError as error:
            return SelfTest(language_id, False, str(error))
        took = time.monotonic() - started
    if result.verdict is Verdict.AC:
        passed = f"built, ran and answered 42 in {took:.2f} s"
        return SelfTest(language_id, True, passed, _sanitizers(language_id, sandbox))
    said = result.compile_output or (result.tests[0].message if result.tests else "")
    return SelfTest(language_id, False, f"{result.verdict.value}: {said.splitlines()[0][:200]}")


def _sanitizers(language_id: str, sandbox: Sandbox) -> str:
    """Whether a crash of `language_id` is told its line here: the crashing `plus_one`
    graded, its message read for the sanitized run's report."""
    if not FUNCTION_LANGUAGES[language_id].plus_one.crash:
        return ""
    with TemporaryDirectory(prefix="grader-self-test-") as folder:
        problem = plus_one_problem(Path(folder))
        submission = plus_one(language_id, problem, crashing=True)
        try:
            result = grade(problem, {"n41": 42}, submission, sandbox)
        except GraderError as error:
            return f"FAILED: {error}"
    said = result.tests[0].message if result.tests else result.compile_output
    found = re.search(r"stopped (at \S+:\d+)", said)
    if found:
        return f"a crash's line is found (the self-test's crash: {found[1]})"
    return f"NOT AVAILABLE: a crash's line is unknown here: {said.splitlines()[-1][:200]}"
