"""`grader gradescope build|run`: a Gradescope autograder for a problem, and what its
run_autograder script calls inside Gradescope's container."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence
from pathlib import Path

from ...errors import EXIT_OK
from ..arguments import add_problem_name
from ..context import Context

HELP = "build a Gradescope autograder zip for a problem (and run it inside Gradescope)"


def add_arguments(command: argparse.ArgumentParser) -> None:
    actions = command.add_subparsers(dest="action", required=True, metavar="ACTION")
    build = actions.add_parser("build", help="write the autograder zip to upload to Gradescope")
    add_problem_name(build)
    build.add_argument(
        "--language",
        action="append",
        dest="languages",
        help="a language students may submit in (repeat it; default: python)",
    )
    build.add_argument("--output", type=Path, default=Path("autograder.zip"), metavar="ZIP")
    run = actions.add_parser("run", help="grade /autograder/submission (run_autograder calls it)")
    run.add_argument("--config", type=Path, required=True, metavar="JSON")
    run.add_argument("--submission", type=Path, required=True, metavar="DIR")
    run.add_argument("--results", type=Path, required=True, metavar="JSON")


def run(args: argparse.Namespace, context: Context) -> int:
    if args.action == "run":
        from ...integrations.gradescope.run import run_autograder

        def in_folder(argv: Sequence[str], folder: Path) -> int:
            return context.command_line(argv, dataclasses.replace(context, cwd=folder))

        return run_autograder(
            context.path(args.config),
            context.path(args.submission),
            context.path(args.results),
            in_folder,
            context.stderr,
        )
    from ...integrations.gradescope.build import build
    from ...kinds import languages_of
    from ..shared import open_problem

    problem = open_problem(args.problem_name, context)
    output = context.path(args.output)
    default = languages_of(problem)[:1]  # the registry's first the problem takes
    built = build(problem, args.languages or default, output)
    print(
        f"grader gradescope: wrote {args.output} ({built.files} files) for {problem.id} in "
        f"{', '.join(built.languages)}",
        file=context.stdout,
    )
    if built.download_failure:
        context.say(
            "grader gradescope: PyYAML's wheels could not be downloaded "
            f"({built.download_failure}); setup.sh will take PyYAML from PyPI instead"
        )
    context.say("Upload it under Configure Autograder > Zip file upload (Ubuntu 22.04 or newer).")
    return EXIT_OK
