"""`grader doctor`'s self-test: a tiny program per language, built and run in the sandbox
`--sandbox auto` picks, as a submission would be (DMOJ's judges test themselves the same
way). `which g++` says a compiler exists; this says it compiles, runs and answers here."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory

from .errors import GraderError
from .judge import grade
from .languages import EXTENSIONS, LANGUAGES
from .limits import Limits
from .problem import Param, Problem, TestCase, Visibility
from .sandbox import Sandbox
from .submission import Submission
from .verdicts import Verdict

# `plus_one(n: int) -> int`, in each language's own spelling of the name.
ENTRY_NAMES = {
    "python": "plus_one",
    "rust": "plus_one",
    "cpp": "plusOne",
    "java": "plusOne",
    "csharp": "PlusOne",
}
# Each language's template for it, with its empty body replaced by `return n + 1`.
BODIES = {
    "python": ("    ...\n", "    return n + 1\n"),
    "rust": ("        \n", "        n + 1\n"),
    "cpp": ("        \n", "        return n + 1;\n"),
    "java": ("        \n", "        return n + 1;\n"),
    "csharp": ("        \n", "        return n + 1;\n"),
}
FILE_NAMES = {"java": "Solution.java", "csharp": "Solution.cs"}


@dataclass(frozen=True, slots=True)
class SelfTest:
    language: str
    passed: bool
    detail: str  # the time it took, or what went wrong


def self_test_problem(directory: Path) -> Problem:
    statement = directory / "statement.md"
    statement.write_text("Return n + 1.\n", encoding="utf-8")
    return Problem(
        id="self-test",
        title="n + 1",
        directory=directory,
        yaml_file="(grader doctor's self-test)",
        statement=statement,
        params=(Param("n", "int"),),
        returns="int",
        entry_points={language: (name,) for language, name in ENTRY_NAMES.items()},
        limits=Limits(time_s=5.0, wall_s=10.0, memory_mib=256, output_kib=64),
        checker="exact",
        references=(),
        tests=(TestCase("n41", {"n": 41}, 1, Visibility.SAMPLE, None),),
    )


def run_self_test(language_id: str, sandbox: Sandbox) -> SelfTest:
    """Build and run `plus_one` in `language_id`; passed when it answers 42 for 41."""
    language = LANGUAGES[language_id]
    with TemporaryDirectory(prefix="grader-self-test-") as folder:
        problem = self_test_problem(Path(folder))
        empty, body = BODIES[language_id]
        source = language.template(problem).replace(empty, body, 1)
        name = FILE_NAMES.get(language_id, f"solution{EXTENSIONS[language_id][0]}")
        path = Path(folder) / name
        path.write_text(source, encoding="utf-8")
        submission = Submission(path, name, language_id, source.encode())
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
