"""GNU Octave, as Jobe runs it (500 MB, without its rc or a window): whole programs only."""

from __future__ import annotations

from typing import Final

from .base import ProgramLanguage
from .programs import JobeDefaults, PlainArgs, Programs, interpreted, version_said

OCTAVE_NOISE: Final = (
    "error: ignoring octave_execution_exception",
    "error: No such file or directory",
)


def octave_stderr(said: str) -> str:
    """Octave's stderr as Jobe returns it: without the lines an error ends with that say
    nothing of the program's (Jobe's OctaveTask.filteredStderr)."""
    lines = said.replace("\r", "").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    for noise in OCTAVE_NOISE:
        if lines and lines[-1].startswith(noise):
            lines.pop()
    return "\n".join(lines) + "\n" if lines else ""


class Octave(ProgramLanguage):
    id = "octave"
    name = "GNU Octave"
    extensions = (".m",)
    packages = (("octave", "octave"),)
    programs = Programs(
        interpreted("octave", "octave"),
        version_said("octave", "octave", r"version ([0-9.]+)", "--version", "--norc"),
        jobe=JobeDefaults(
            "octave",
            "prog.m",
            PlainArgs(interpreterargs=("--norc", "--no-window-system", "--silent", "-H")),
            memory_mib=500,
            stderr=octave_stderr,
        ),
    )
