"""A lesson in C++, as LeetCode writes it: members of `class Solution`. The grader's code goes
inside the class (classes.py): the dispatcher makes each argument a local of its type and
passes it as declared (a `vector<int>&` sees the call's changes); a `static_assert` on the
type of a call with the declared argument types checks a function's declaration."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from ..model import Function, Passing, Wire
from .base import DECLARED_CASE, DECLARED_OK, DISPATCHER, Joined, Probe
from .classes import inside_solution

SCALARS: Final = {
    "int": "int",
    "long long": "long",
    "bool": "bool",
    "double": "float",
    "string": "str",
    "std::string": "str",
}
VECTOR: Final = re.compile(r"(?:std::)?vector<(.+)>")
# The grader's JSON of the values a lesson's functions take and give: members of the class.
JSON_WRITERS: Final = Path(__file__).with_name("cpp_json_members.hpp")


class CppSpeech:
    language = "cpp"

    def wire(self, declared: str) -> Wire | None:
        spelt = " ".join(declared.replace("&", " & ").split())
        passing = Passing.VALUE
        if spelt.startswith("const ") and spelt.endswith(" &"):
            spelt, passing = spelt[6:-2].strip(), Passing.BORROWED
        elif spelt.endswith(" &"):
            spelt, passing = spelt[:-2].strip(), Passing.MUTABLE
        owned = self._owned(spelt)
        if owned is None or (passing is Passing.MUTABLE and not owned.type.startswith("list[")):
            return None
        return Wire(owned.type, owned.owned, passing)

    def _owned(self, spelt: str) -> Wire | None:
        spelt = spelt.replace(" >", ">").replace("< ", "<")
        if spelt in SCALARS:
            return Wire(SCALARS[spelt], spelt)
        vector = VECTOR.fullmatch(spelt)
        if vector is None:
            return None
        item = self._owned(vector.group(1).strip())
        return Wire(f"list[{item.type}]", f"std::vector<{item.owned}>") if item else None

    def wire_return(self, declared: str) -> str | None:
        if declared in ("", "void"):
            return ""
        wire = self._owned(" ".join(declared.split()))
        return wire.type if wire else None

    def defines(self, source: str, name: str) -> bool:
        return self._definition(source, name) is not None

    def declaration(self, source: str, name: str) -> str:
        found = self._definition(source, name)
        return " ".join(found.group(1).split()) if found else ""

    def _definition(self, source: str, name: str) -> re.Match[str] | None:
        """A definition of `name` (a body follows its parameters), never a call."""
        return re.search(
            rf"((?:[\w:<>,]+[\s&*]+)+{re.escape(name)}\s*\([^;{{}}]*\)\s*(?:const\s*)?)"
            r"(?:noexcept\s*)?(?:override\s*)?\{",
            source,
        )

    def signature(self, function: Function) -> str:
        params = ", ".join(f"{param.declared} {param.name}" for param in function.params)
        return f"{function.returns or 'void'} {function.name}({params})"

    def call(self, function: Function, args: Sequence[object]) -> str:
        return f"{function.name}({', '.join(self.literal(arg) for arg in args)})"

    def literal(self, value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list):
            return "{" + ", ".join(self.literal(item) for item in value) + "}"
        if isinstance(value, str):
            return json.dumps(value)
        return str(value)

    def check_at(self, lines: Sequence[str], number: int) -> int | None:
        for line in reversed(lines[:number]):
            branch = re.match(r"\s*if \(check == (\d+) && which == -?\d+\) \{", line)
            if branch:
                return int(branch.group(1))
        return None

    def join(self, source: str, stubs: Sequence[Function], probes: Sequence[Probe]) -> Joined:
        code = self._code(stubs, probes)
        return inside_solution(source, code, f"\nclass Solution {{\n{code}\n}};\n")

    def _code(self, stubs: Sequence[Function], probes: Sequence[Probe]) -> str:
        lines = ["public:  // ---- added by the grader for this step's checks ----"]
        for function in stubs:
            body = "{ return {}; }" if function.returns_wire else "{}"
            lines.append(f"    {self.signature(function)} {body}  // a later step writes it")
        if probes:
            lines.append(JSON_WRITERS.read_text())
            lines += [f"    std::string {DISPATCHER}(int check, int which) {{"]
            lines.append("        std::string out;")
            lines += [f"        {line}" for probe in probes for line in self._branch(probe)]
            lines += ["        return out;", "    }"]
        return "\n".join(lines)

    def _branch(self, probe: Probe) -> list[str]:
        function = probe.function
        head = f"if (check == {probe.check_index} && which == {probe.case_index}) {{"
        if probe.case is None or probe.case_index == DECLARED_CASE:
            kinds = ", ".join(_declval(param.wire) for param in function.params)
            wanted = function.returns or "void"
            called = f"decltype(this->{function.name}({kinds}))"
            return [
                head,
                f"    static_assert(std::is_same_v<{called}, {wanted}>, "
                f'"{function.name} is not declared as the lesson declares it");',
                f'    return "{DECLARED_OK}";',
                "}",
            ]
        made = [
            f"{param.wire.owned} a{i} = {self.literal(arg)};"
            for i, (param, arg) in enumerate(zip(function.params, probe.case.args, strict=True))
        ]
        passed = ", ".join(f"a{i}" for i in range(len(function.params)))
        called = f"{function.name}({passed});"
        observed = "value"
        if probe.check.observe:
            names = [param.name for param in function.params]
            observed = f"a{names.index(probe.check.observe)}"
        else:
            called = f"auto value = {called}"
        sort = [f"std::sort({observed}.begin(), {observed}.end());"]
        if not probe.check.any_order:
            sort = []
        return [
            head,
            *(f"    {line}" for line in [*made, called, *sort]),
            f"    grader_lesson_json(out, {observed});",
            "    return out;",
            "}",
        ]


def _declval(wire: Wire) -> str:
    reference = {Passing.MUTABLE: "&", Passing.BORROWED: " const&"}.get(wire.passing, "")
    return f"std::declval<{wire.owned}{reference}>()"
