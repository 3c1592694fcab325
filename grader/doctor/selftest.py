"""`grader doctor`'s self-test: a tiny program per language, built and run in the sandbox
`--sandbox auto` picks, as a submission would be (DMOJ's judges test themselves the same
way). `which g++` says a compiler exists; this says it compiles, runs and answers here."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory

from ..errors import GraderError
from ..judge import grade
from ..languages.plus_one import plus_one, plus_one_problem
from ..sandbox import Sandbox
from ..verdicts import Verdict


@dataclass(frozen=True, slots=True)
class SelfTest:
    language: str
    passed: bool
    detail: str  # the time it took, or what went wrong


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
        return SelfTest(language_id, True, f"built, ran and answered 42 in {took:.2f} s")
    said = result.compile_output or (result.tests[0].message if result.tests else "")
    return SelfTest(language_id, False, f"{result.verdict.value}: {said.splitlines()[0][:200]}")
