"""What a command may know of the world it runs in, built once per command line and passed
down: a command never reads the process's working directory, environment or streams behind
it, so a long-lived process (the warm grader, later a service's worker) can run many command
lines side by side in one interpreter without swapping any of them."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from .warm.kept import KeptSandboxes

# How a command line runs in a context (cli.main): what a command that answers command lines
# of others (`grader serve`) runs each of them through.
CommandLine = Callable[[Sequence[str], "Context"], int]


@dataclass(frozen=True, slots=True)
class Context:
    cwd: Path  # absolute: what relative paths on the command line are relative to
    environ: Mapping[str, str]
    stdout: TextIO
    stderr: TextIO
    command_line: CommandLine
    # Backends kept open from one command line to the next (the warm grader's); None: each
    # command opens its backend and closes it.
    sandboxes: KeptSandboxes | None = None

    @classmethod
    def of_this_process(cls, command_line: CommandLine) -> Context:
        """This process's directory, environment and streams. FileNotFoundError when the
        working directory was deleted (though "." can still be read)."""
        return cls(Path(os.getcwd()), os.environ, sys.stdout, sys.stderr, command_line)

    def path(self, given: str | Path) -> Path:
        """A path from the command line, as its user meant it."""
        return self.cwd / given  # an absolute `given` stays itself

    def say(self, line: str) -> None:
        """One line for the person at the terminal (progress, what was written where)."""
        print(line, file=self.stderr)
