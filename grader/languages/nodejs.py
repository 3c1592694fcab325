"""JavaScript on Node.js, as Jobe runs it (strict mode): whole programs only."""

from __future__ import annotations

from .base import ProgramLanguage
from .programs import JobeDefaults, PlainArgs, Programs, interpreted, version_said


class NodeJs(ProgramLanguage):
    id = "nodejs"
    name = "JavaScript (Node.js)"
    extensions = (".js",)
    packages = (("node", "nodejs"),)
    programs = Programs(
        # V8 reserves far more address space than it uses: memory is bounded by the group.
        interpreted("nodejs", "node", "nodejs", limit_address_space=False),
        version_said("node", "nodejs", r"v([0-9.]+)"),
        jobe=JobeDefaults("nodejs", "prog.js", PlainArgs(interpreterargs=("--use_strict",))),
    )
