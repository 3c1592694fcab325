"""Where a process-backend run's stdin and stdout come from and go. Alone, a run reads
nothing and its output is captured; one side of an interaction reads and writes the other's
pipes. Isolated, bubblewrap's own process outlives the program holding whatever it was given
as stdin and stdout, so a program that closes its output to say "that is all" would not hang
up the pipe: the pipes go in as two other descriptors, which bwrap does not keep, and bash
(dash takes no descriptor above 9) makes them the program's stdin and stdout inside."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, replace

from ..base import Program


@dataclass(frozen=True, slots=True)
class Stdio:
    program: Program  # as started: behind the shell that takes the pipes, where one does
    stdin: int  # for Popen: a descriptor, or subprocess.DEVNULL
    stdout: int  # for Popen: a descriptor, subprocess.PIPE or subprocess.DEVNULL
    passed: tuple[int, ...]  # descriptors the started process keeps besides its stdio


def stdio_of(program: Program, pipes: tuple[int, int] | None, isolated: bool) -> Stdio:
    """How `program` is started: alone (`pipes` None), or as one side of an interaction
    reading `pipes[0]` and writing `pipes[1]`."""
    if pipes is None:
        return Stdio(program, subprocess.DEVNULL, subprocess.PIPE, ())
    if not isolated:  # prlimit and setpriv exec the program: none of them stays
        return Stdio(program, pipes[0], pipes[1], ())
    given, taken = pipes
    redirect = f'exec 0<&{given} 1>&{taken} {given}<&- {taken}>&-; exec "$@"'
    bash = os.path.realpath(shutil.which("bash") or "/bin/bash")
    behind = replace(
        program,
        argv=(bash, "-c", redirect, "grader-stdio", *program.argv),
        runtime_dirs=tuple(sorted({*program.runtime_dirs, "/usr"})),
    )
    return Stdio(behind, subprocess.DEVNULL, subprocess.DEVNULL, pipes)
