"""JavaScript on Node.js, as Jobe runs it (strict mode): whole programs only."""

from __future__ import annotations

from ..sandbox.base import Program
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
    node = host_tool("node", "nodejs")
    argv = (node, *args.words("interpreterargs"), sources[0], *args.words("runargs"))
    # V8 reserves far more address space than it uses: memory is bounded by the run's group.
    run = Program("nodejs", argv, files, runtime_dirs=("/usr",), limit_address_space=False)
    return Recipe(None, "", run)


class NodeJs(ProgramLanguage):
    id = "nodejs"
    name = "JavaScript (Node.js)"
    extensions = (".js",)
    packages = (("node", "nodejs"),)
    programs = Programs(
        _recipe,
        version_said("node", "nodejs", r"v([0-9.]+)"),
        jobe=JobeDefaults("nodejs", "prog.js", PlainArgs(interpreterargs=("--use_strict",))),
    )
