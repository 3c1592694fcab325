"""Free Pascal, as Jobe runs it (verbose about errors and warnings, stopping at the first
error): whole programs only."""

from __future__ import annotations

import os
import shlex

from ..sandbox.base import Program
from ..sandbox.preparation import shell
from .base import ProgramLanguage
from .programs import (
    Files,
    JobeDefaults,
    PlainArgs,
    PlainHost,
    Programs,
    Recipe,
    host_tool,
    version_said,
)


def _recipe(sources: tuple[str, ...], files: Files, args: PlainArgs, _: PlainHost) -> Recipe:
    fpc = host_tool("fpc", "fp-compiler")
    # Its settings (the units' folders) by their real path: /etc/fpc.cfg is a chain of
    # links the sandbox does not hold.
    settings = os.path.realpath("/etc/fpc.cfg")
    given = " ".join(shlex.quote(word) for word in args.words("compileargs"))
    # As Jobe: what fpc says goes to a file, which is the compile error when no program came.
    script = (
        f'{fpc} -n @{shlex.quote(settings)} {given} -Fe"$1.err" -oout/prog "$1" >/dev/null 2>&1; '
        '[ -f out/prog ] || { cat "$1.err" >&2 2>/dev/null || echo "fpc failed" >&2; exit 1; }'
    )
    build = Program("pascal", (shell(), "-c", script, "fpc", sources[0]), files, ("/usr", settings))
    return Recipe(build, "prog", Program("pascal", ("./prog", *args.words("runargs")), ()))


class Pascal(ProgramLanguage):
    id = "pascal"
    name = "Pascal (Free Pascal)"
    extensions = (".pas",)
    packages = (("fpc", "fp-compiler"),)
    programs = Programs(
        _recipe,
        version_said("fpc", "fp-compiler", r"([0-9.]+)", "-iV"),
        jobe=JobeDefaults("pascal", "prog.pas", PlainArgs(compileargs=("-vew", "-Se"))),
    )
