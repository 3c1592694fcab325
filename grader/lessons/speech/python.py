"""A lesson in Python: its functions at the top level of the file (or as methods of
`class Solution`), lists passed as themselves, so a list argument is seen after the call."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Final

from ..model import Function, Passing, Wire
from .base import DECLARED_OK, DISPATCHER, Joined, Shape, appended

SCALARS: Final = {"int": "int", "bool": "bool", "str": "str", "float": "float"}
LIST: Final = re.compile(r"(?:list|List)\[(.+)\]")


class PythonSpeech:
    language = "python"

    def wire(self, declared: str) -> Wire | None:
        spelt = declared.replace(" ", "")
        if spelt in SCALARS:
            return Wire(SCALARS[spelt], spelt)
        listed = LIST.fullmatch(spelt)
        if listed is None:
            return None
        item = self.wire(listed.group(1))
        if item is None:
            return None
        return Wire(f"list[{item.type}]", spelt, Passing.MUTABLE)

    def wire_return(self, declared: str) -> str | None:
        if declared in ("", "None"):
            return ""
        wire = self.wire(declared)
        return wire.type if wire else None

    def defines(self, source: str, name: str) -> bool:
        return re.search(rf"^\s*def\s+{re.escape(name)}\s*\(", source, re.MULTILINE) is not None

    def declaration(self, source: str, name: str) -> str:
        found = re.search(
            rf"\bdef\s+{re.escape(name)}\s*\((?:[^()]|\([^()]*\))*\)\s*(?:->\s*[^:]+)?", source
        )
        return " ".join(found.group(0).split()) if found else ""

    def signature(self, function: Function) -> str:
        params = ", ".join(f"{param.name}: {param.declared}" for param in function.params)
        return f"def {function.name}({params}) -> {function.returns or 'None'}"

    def call(self, function: Function, args: Sequence[object]) -> str:
        return f"{function.name}({', '.join(self.literal(arg) for arg in args)})"

    def literal(self, value: object) -> str:
        return repr(value)

    def check_at(self, lines: Sequence[str], number: int) -> int | None:
        return None  # nothing the grader adds fails to build: a call fails as it runs

    def join(self, source: str, stubs: Sequence[Function], shapes: Sequence[Shape]) -> Joined:
        return appended(source, self._added(stubs, shapes))

    def _added(self, stubs: Sequence[Function], shapes: Sequence[Shape]) -> str:
        lines = ["", "", "# ---- added by the grader for this step's checks ----"]
        for function in stubs:
            lines += [
                f"if {function.name!r} not in globals():",
                f"    def {function.name}(*args):  # a later step writes it",
                "        return None",
            ]
        table = [
            [
                shape.function.name,
                len(shape.function.params),
                shape.declared_only,
                shape.observed,
                shape.final,  # a final test's value goes back as it is
            ]
            for shape in shapes
        ]
        lines += [
            f"_GRADER_LESSON_CALLS = __import__('json').loads({json.dumps(json.dumps(table))})",
            "",
            f"def {DISPATCHER}(call, args):",
            "    import inspect, json",
            "    name, arity, declared_only, observed, raw = _GRADER_LESSON_CALLS[call]",
            "    args = json.loads(args)",
            "    target = globals().get(name)",
            "    owner = globals().get('Solution')",
            "    if target is None and isinstance(owner, type) and hasattr(owner, name):",
            "        target = getattr(owner(), name)",
            "    if not callable(target):",
            "        return f'not a function: {name}'",
            "    if declared_only:",
            "        try:",
            "            taken = len(inspect.signature(target).parameters)",
            "        except (TypeError, ValueError):",
            "            taken = arity",
            f"        return {DECLARED_OK!r} if taken == arity else f'takes {{taken}} parameters'",
            "    value = target(*args)",
            "    if raw:",
            "        return value",
            "    if observed is not None:",
            "        value = args[observed]",
            "    try:",
            "        return json.dumps(value)",
            "    except (TypeError, ValueError):",
            "        return repr(value)",
            "",
        ]
        return "\n".join(lines)
