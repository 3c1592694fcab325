"""A lesson in C++, as LeetCode writes it: members of `class Solution` (classes.py). A
`vector<int>&` argument sees the call's changes; a `static_assert` on the type of a call
with the declared argument types checks a function's declaration."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

from ..model import Function, Passing, Wire
from .classes import ClassSpeech

SCALARS: Final = {
    "int": "int",
    "long long": "long",
    "bool": "bool",
    "double": "float",
    "string": "str",
    "std::string": "str",
}
VECTOR: Final = re.compile(r"(?:std::)?vector<(.+)>")


class CppSpeech(ClassSpeech):
    language = "cpp"
    members = Path(__file__).with_name("cpp_members.hpp")
    header = "public:  "
    string_type = "std::string"
    visibility = ""
    whole_class = "\nclass Solution {{\n{}\n}};\n"

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
        owned = self._owned(" ".join(declared.split()))
        return owned.type if owned else None

    def declared(self, function: Function) -> list[str]:
        kinds = ", ".join(_declval(param.wire) for param in function.params)
        called = f"decltype(this->{function.name}({kinds}))"
        return [
            f"static_assert(std::is_same_v<{called}, {function.returns or 'void'}>, "
            f'"{function.name} is not declared as the lesson declares it");'
        ]

    def sorted(self, local: str, owned: str) -> str:
        return f"std::sort({local}.begin(), {local}.end());"

    def json_of(self, local: str, any_order: bool) -> str:
        return f"grader_lesson_json({local})"


def _declval(wire: Wire) -> str:
    reference = {Passing.MUTABLE: "&", Passing.BORROWED: " const&"}.get(wire.passing, "")
    return f"std::declval<{wire.owned}{reference}>()"
