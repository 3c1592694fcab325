"""C, graded as whole programs only (problem packages, Jobe): no function problem calls
into it."""

from __future__ import annotations

from .base import ProgramLanguage
from .programs import (
    Contest,
    JobeDefaults,
    PlainArgs,
    Programs,
    gcc_recipe,
    version_said,
)


class C(ProgramLanguage):
    id = "c"
    name = "C (gcc)"
    extensions = (".c",)
    packages = (("gcc", "gcc"),)
    # Jobe's C is C99 with every warning an error and no optimisation.
    programs = Programs(
        gcc_recipe("c", "gcc"),
        version_said("gcc", "gcc", r"([0-9.]+)", "-dumpfullversion"),
        Contest(
            "C (gcc -O2 -std=gnu17)",
            PlainArgs(compileargs=("-O2", "-std=gnu17")),
            "#include <stdio.h>\n\nint main(void) {\n    int n;\n"
            '    if (scanf("%d", &n) != 1) return 1;\n    return 0;\n}\n',
        ),
        JobeDefaults(
            "c", "prog.c", PlainArgs(compileargs=("-Wall", "-Werror", "-std=c99", "-x c"))
        ),
    )
