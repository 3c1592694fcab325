"""A lesson in C++, as LeetCode writes it: members of `class Solution` (classes.py). A
`vector<int>&` argument sees the call's changes; a `static_assert` on the type of a call
with the declared argument types checks a function's declaration. Arguments are read and
values written by the driver's own functions, compiled once (drivers/driver_lib.cpp)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from ..model import Function, Passing, Wire
from .base import Shape
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
    header = "public:  "
    string_type = "std::string"
    text_param = "const std::string&"
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
        if item is None or item.type.startswith("list[list["):
            return None  # the driver's readers and writers go two vectors deep
        return Wire(f"list[{item.type}]", f"std::vector<{item.owned}>")

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

    def opening(self, shapes: Sequence[Shape]) -> list[str]:
        """Declarations of the driver's readers and writers the branches use (defined in
        drivers/driver_lib.cpp, which follows the student's file)."""
        read: dict[str, None] = {}
        written: dict[str, None] = {}
        for shape in shapes:
            if shape.declared_only:
                continue
            function = shape.function
            for param in function.params:
                read[param.wire.owned] = None
            if shape.observed is not None:
                written[function.params[shape.observed].wire.owned] = None
            elif function.returns:
                returned = self._owned(" ".join(function.returns.split()))
                written[returned.owned if returned else function.returns] = None
        return [
            *(f"void grader_lesson_read(const std::string&, int, {kind}&);" for kind in read),
            *(f"void grader_lesson_write(std::string&, const {kind}&);" for kind in written),
        ]

    def made(self, owned: str, index: int) -> str:
        return f"{owned} a{index}; grader_lesson_read(args, {index}, a{index});"

    def returned(self, local: str) -> list[str]:
        return ["std::string out;", f"grader_lesson_write(out, {local});", "return out;"]


def _declval(wire: Wire) -> str:
    reference = {Passing.MUTABLE: "&", Passing.BORROWED: " const&"}.get(wire.passing, "")
    return f"std::declval<{wire.owned}{reference}>()"
