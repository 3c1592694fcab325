"""`grader template`: the starter code of a problem in a language."""

from __future__ import annotations

import argparse

from ...errors import EXIT_OK, UsageError
from ..arguments import add_problem
from ..context import Context

HELP = "print the starter code of a problem in a language"


def add_arguments(command: argparse.ArgumentParser) -> None:
    from ...languages import FUNCTION_LANGUAGES

    command.add_argument(
        "--language",
        required=True,
        # The registry itself: a choice is checked by loading that language alone, and the
        # list is made only for --help (every language's module costs 17 ms at each start).
        choices=FUNCTION_LANGUAGES,
        metavar="LANG",
        help="one of: %(choices)s",
    )
    add_problem(command)


def run(args: argparse.Namespace, context: Context) -> int:
    from ...languages import FUNCTION_LANGUAGES
    from ..shared import open_problem

    problem = open_problem(args.problem, context)
    language = FUNCTION_LANGUAGES[args.language]
    if language.id not in problem.entry_points:
        raise UsageError(f"{problem.id} has no entry point for {language.id}")
    context.stdout.write(language.template(problem))
    return EXIT_OK
