"""A command line parsed and run in its context, its faults turned into exit statuses."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from ..errors import EXIT_INTERNAL, EXIT_USAGE, GraderError, ProblemError, UsageError
from .commands import COMMANDS
from .context import Context
from .parser import Said, parser


def run_command_line(argv: Sequence[str] | None, context: Context | None) -> int:
    """Run a command line in `context` (by default this process's directory, environment
    and streams); returns the exit status instead of raising or exiting."""
    if context is None:
        try:
            context = Context.of_this_process(run_command_line)
        except OSError:
            print("grader: error: the current directory no longer exists", file=sys.stderr)
            return EXIT_USAGE
    given = list(sys.argv[1:] if argv is None else argv)
    named = given[0] if given and given[0] in COMMANDS else None
    try:
        args = parser(named).parse_args(given)
    except Said as said:
        (context.stderr if said.to_stderr else context.stdout).write(said.text)
        return said.status
    err = context.stderr
    try:
        return int(COMMANDS[args.command].run(args, context))
    except (UsageError, ProblemError) as error:
        print(f"grader: error: {error}", file=err)
        return EXIT_USAGE
    except GraderError as error:
        print(f"grader: internal error: {error}", file=err)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        print("grader: interrupted", file=err)
        return 130
    except Exception as error:  # noqa: BLE001 - a bug of the harness: one line, exit 3
        print(
            f"grader: internal error: {type(error).__name__}: {error} (a bug in grader; "
            "please report it with the command line)",
            file=err,
        )
        return EXIT_INTERNAL
