"""`grader answers`: run the references, require them to agree, store the answers."""

from __future__ import annotations

import argparse

from ...errors import EXIT_FAILED, EXIT_OK
from ..arguments import add_problem_name, add_sandbox
from ..context import Context

HELP = "run the references, require them to agree, store the answers"


def add_arguments(command: argparse.ArgumentParser) -> None:
    add_problem_name(command)
    command.add_argument(
        "--check",
        action="store_true",
        help="only compare with the stored answers (exit 1 if stale)",
    )
    add_sandbox(command)


def run(args: argparse.Namespace, context: Context) -> int:
    from ...functions.answers import compute_answers, stale_answers, write_answers
    from ..shared import open_problem, sandbox_for

    problem = open_problem(args.problem_name, context)
    with sandbox_for(args, context) as sandbox:
        computed = compute_answers(problem, sandbox)
    if args.check:
        stale = stale_answers(problem, computed)
        for test in stale:
            context.say(
                f"{problem.shown(problem.answer_path(test))}: differs from what the references "
                "compute"
            )
        if not stale:
            print(
                f"{problem.id}: {len(problem.tests)} stored answers match the references",
                file=context.stdout,
            )
        return EXIT_FAILED if stale else EXIT_OK
    written = write_answers(problem, computed)
    print(
        f"{problem.id}: references agree on {len(problem.tests)} tests; "
        f"wrote {len(written)} answer files",
        file=context.stdout,
    )
    return EXIT_OK
