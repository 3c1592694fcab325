"""`grader verify`: prove a problem sound, its references agreeing and its examples getting
their folders' verdicts."""

from __future__ import annotations

import argparse

from ...errors import EXIT_FAILED, EXIT_OK
from ..arguments import add_problem_name, add_sandbox, positive
from ..context import Context

HELP = "prove a problem sound: references agree, examples get their folders' verdicts"


def add_arguments(command: argparse.ArgumentParser) -> None:
    add_problem_name(command)
    add_sandbox(command)
    command.add_argument("--jobs", type=positive, default=2, metavar="N")


def run(args: argparse.Namespace, context: Context) -> int:
    from ...authoring.verify import render, verify
    from ...judge import load_answers
    from ..shared import open_problem, sandbox_for

    problem = open_problem(args.problem_name, context)
    answers = load_answers(problem)
    with sandbox_for(args, context) as sandbox:
        if problem.package is not None:
            from ...authoring.package_verify import verify_package

            verification = verify_package(problem, sandbox, args.jobs, context.say)
        else:
            verification = verify(problem, answers, sandbox, args.jobs, context.say)
    context.stdout.write(render(verification))
    return EXIT_FAILED if verification.failures else EXIT_OK
