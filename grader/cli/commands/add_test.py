"""`grader add-test`: append a test to a problem, compute its answer, re-check the examples."""

from __future__ import annotations

import argparse

from ...errors import EXIT_FAILED, EXIT_OK
from ..arguments import add_problem_name, add_sandbox
from ..context import Context

HELP = "append a test to a problem, compute its answer, re-check the examples"


def add_arguments(command: argparse.ArgumentParser) -> None:
    add_problem_name(command, default=None)
    command.add_argument(
        "--input", action="append", required=True, metavar="NAME=VALUE", help="e.g. n=7"
    )
    command.add_argument("--points", type=float, default=1, metavar="P")
    command.add_argument("--hidden", action="store_true", help="hidden, not a sample")
    command.add_argument("--name", metavar="NAME")
    add_sandbox(command)


def run(args: argparse.Namespace, context: Context) -> int:
    from ...functions.addtest import add_test, parse_inputs
    from ...functions.answers import compute_answers, write_answers
    from ...functions.verify import verify
    from ...kinds import load_answers
    from ...results import verification_text
    from ..shared import open_problem, sandbox_for

    problem = open_problem(args.problem_name, context)
    problem, added = add_test(
        problem, parse_inputs(args.input), args.points, args.hidden, args.name
    )
    print(f"{problem.yaml_file}:{added.line}: added test {added.name}", file=context.stdout)
    with sandbox_for(args, context) as sandbox:
        write_answers(problem, compute_answers(problem, sandbox))
        print(
            f"{problem.shown(problem.answer_path(added))}: written from the references",
            file=context.stdout,
        )
        verification = verify(problem, load_answers(problem), sandbox)
    context.stdout.write(verification_text(verification))
    return EXIT_FAILED if verification.failures else EXIT_OK
