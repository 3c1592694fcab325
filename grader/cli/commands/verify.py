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
    command.add_argument(
        "--mutants",
        action="store_true",
        help="also mutate the Python references and say which test rejects which mutant",
    )
    command.add_argument(
        "--random",
        action="store_true",
        help="with --mutants: draw random inputs against each mutant no hand test rejects, "
        "and propose the smallest that rejects it as a test",
    )
    command.add_argument(
        "--min-score",
        type=float,
        default=None,
        metavar="FRACTION",
        help="with --mutants: exit 1 when fewer mutants than this are rejected (0.8: 80%%; "
        "default: problem.yaml's mutants: {min_score:}, else 0)",
    )


def run(args: argparse.Namespace, context: Context) -> int:
    from ..shared import open_problem, sandbox_for

    # The sandbox first: its warm runner comes up while the kinds are imported and the
    # problem is read.
    with sandbox_for(args, context) as sandbox:
        from ...kinds import kind_of, load_answers
        from ...results import verification_text

        problem = open_problem(args.problem_name, context)
        answers = load_answers(problem)
        kind = kind_of(problem)
        verification = kind.verify(problem, answers, sandbox, args.jobs, context.say)
        context.stdout.write(verification_text(verification))
        if not args.mutants:
            return EXIT_FAILED if verification.failures else EXIT_OK
        audit, score = kind.mutation_audit(
            problem, answers, sandbox, args.jobs, context.say, args.random
        )
    context.stdout.write("\n" + audit)
    least = args.min_score if args.min_score is not None else problem.min_mutation_score
    whose = "--min-score" if args.min_score is not None else "mutants.min_score"
    if score < least:
        context.stdout.write(f"mutation score {score:.0%} is under {whose} {least:.0%}\n")
    return EXIT_FAILED if verification.failures or score < least else EXIT_OK
