"""The command line: `grader grade`, `grader verify`, `grader web` and every other command
(commands/, one module each), `grader --version`.

Exit status: 0 every submission AC (or the command succeeded), 1 some submission is not AC
(or answers are stale), 2 a usage or problem-definition error (one line on stderr), 3 an
internal error of the grader.
"""

# Nothing imported at the top, not even typing (several ms): see main's docstring.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from .context import Context


def main(argv: "Sequence[str] | None" = None, context: "Context | None" = None) -> int:
    """Run a command line in `context` (by default this process's directory, environment
    and streams); returns the exit status instead of raising or exiting. The parser and
    the commands are imported here, not with the package: the warm grader's client
    (warm/client.py) lives in this package and starts with built-in modules alone."""
    from .command_line import run_command_line

    return run_command_line(argv, context)
