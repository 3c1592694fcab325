"""`plus_one(n: int) -> int` in every language, built from the language's own template: the
smallest program the judge runs. `grader doctor` grades it to see a toolchain work here;
the judge loads it to measure what a runtime's own start-up costs (judge/startup.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ..limits import Limits
from ..problem import Param, Problem, TestCase, Visibility
from ..submission import Submission
from . import EXTENSIONS, LANGUAGES

# `plus_one(n: int) -> int`, in each language's own spelling of the name.
ENTRY_NAMES: Final = {
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
FILE_NAMES: Final = {"java": "Solution.java", "csharp": "Solution.cs"}


def plus_one_problem(directory: Path) -> Problem:
    """The problem, with its statement written into `directory`."""
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


def plus_one(language_id: str, problem: Problem) -> Submission:
    """The program in `language_id`, as a submission in the problem's folder."""
    empty, body = BODIES[language_id]
    source = LANGUAGES[language_id].template(problem).replace(empty, body, 1)
    name = FILE_NAMES.get(language_id, f"solution{EXTENSIONS[language_id][0]}")
    path = problem.directory / name
    path.write_text(source, encoding="utf-8")
    return Submission(path, name, language_id, source.encode())
