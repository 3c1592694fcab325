"""`plus_one(n: int) -> int` in every language, built from the language's own template: the
smallest program the judge runs. `grader doctor` grades it to see a toolchain work here;
the judge loads it to measure what a runtime's own start-up costs (judge/startup.py)."""

from __future__ import annotations

from pathlib import Path

from ..limits import Limits
from ..problem import Param, Problem, TestCase, Visibility
from ..submission import Submission
from . import FUNCTION_LANGUAGES


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
        entry_points={
            language.id: (language.plus_one.entry,) for language in FUNCTION_LANGUAGES.values()
        },
        limits=Limits(time_s=5.0, wall_s=10.0, memory_mib=256, output_kib=64),
        checker="exact",
        references=(),
        tests=(TestCase("n41", {"n": 41}, 1, Visibility.SAMPLE, None),),
    )


def plus_one(language_id: str, problem: Problem, crashing: bool = False) -> Submission:
    """The program in `language_id`, as a submission in the problem's folder; `crashing`:
    with the body that crashes instead (PlusOne.crash)."""
    language = FUNCTION_LANGUAGES[language_id]
    empty = language.plus_one.empty_body
    body = language.plus_one.crash if crashing else language.plus_one.body
    source = language.template(problem).replace(empty, body, 1)
    name = language.file_name
    path = problem.directory / name
    path.write_text(source, encoding="utf-8")
    return Submission(path, name, language_id, source.encode())
