"""`grader statement`: a problem's statement, with what a file may use in each language."""

from __future__ import annotations

import argparse

from ...errors import EXIT_OK
from ..arguments import add_problem
from ..context import Context

HELP = "print a problem's statement, with what a file may use in each language"


def add_arguments(command: argparse.ArgumentParser) -> None:
    add_problem(command)


def run(args: argparse.Namespace, context: Context) -> int:
    from ...languages import FUNCTION_LANGUAGES
    from ..shared import open_problem

    problem = open_problem(args.problem, context)
    out = context.stdout
    out.write(problem.statement.read_text(encoding="utf-8").rstrip("\n") + "\n")
    out.write("\n## What your file may use\n\n")
    for language in FUNCTION_LANGUAGES.values():
        names = problem.entry_points.get(language.id)
        if names:
            spelt = " or ".join(f"`{name}`" for name in names)
            out.write(f"- {language.name}: {spelt}. {language.dialect()}.\n")
    out.write(
        "\nThe judge supplies `main`: leave yours out, and put no `package` or `namespace` "
        "around `Solution`.\n"
    )
    return EXIT_OK
