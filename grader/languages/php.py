"""PHP, as Jobe runs it (no ini file): whole programs only."""

from __future__ import annotations

from ..sandbox.base import Program
from ..sandbox.preparation import shell
from .base import ProgramLanguage
from .programs import (
    CHECKED,
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
    php, name = host_tool("php", "php-cli"), sources[0]
    # `php -l` says "No syntax errors" when there are none: only a failing check speaks.
    check = (
        f'said=$({php} -n -l "$1" 2>&1) || {{ printf "%s\\n" "$said" >&2; exit 1; }}; '
        f": > out/{CHECKED}"
    )
    build = Program("php", (shell(), "-c", check, "php-lint", name), files, ("/usr",))
    argv = (php, *args.words("interpreterargs"), name, *args.words("runargs"))
    return Recipe(build, CHECKED, Program("php", argv, files, runtime_dirs=("/usr",)))


class Php(ProgramLanguage):
    id = "php"
    name = "PHP"
    extensions = (".php",)
    packages = (("php", "php-cli"),)
    programs = Programs(
        _recipe,
        version_said("php", "php-cli", r"PHP ([0-9.]+)"),
        jobe=JobeDefaults("php", "prog.php", PlainArgs(interpreterargs=("--no-php-ini",))),
    )
