"""The command line: `grader grade`, `grader answers`, `grader verify`, `grader doctor`,
`grader image build`, ... (commands/, one module each), `grader --version`.

Exit status: 0 every submission AC (or the command succeeded), 1 some submission is not AC
(or answers are stale), 2 a usage or problem-definition error (one line on stderr), 3 an
internal error of the grader.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import EXIT_INTERNAL, EXIT_USAGE, GraderError, ProblemError, UsageError
from .commands import COMMANDS
from .context import Context
from .parser import Said, parser


def main(argv: Sequence[str] | None = None, context: Context | None = None) -> int:
    """Run a command line in `context` (by default this process's directory, environment
    and streams); returns the exit status instead of raising or exiting."""
    if context is None:
        try:
            context = Context.of_this_process(main)
        except OSError:
            import sys

            print("grader: error: the current directory no longer exists", file=sys.stderr)
            return EXIT_USAGE
    try:
        args = parser().parse_args(argv)
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
