"""A lesson in C#, as LeetCode writes it: methods of `public class Solution` (classes.py). A
`List<int>` or an `int[]` argument is the caller's own object, so the call's changes are
seen; reflection checks a method's declaration exactly."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from ..model import Function, Passing, Wire
from .base import Shape
from .classes import ClassSpeech

SCALARS: Final = {"int": "int", "long": "long", "bool": "bool", "double": "float", "string": "str"}
LIST: Final = re.compile(r"(I?List)<(.+)>")
BINDING: Final = (
    "System.Reflection.BindingFlags.Instance | System.Reflection.BindingFlags.Static | "
    "System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic"
)


class CSharpSpeech(ClassSpeech):
    language = "csharp"
    members = Path(__file__).with_name("csharp_members.cs")
    string_type = "string"
    text_param = "string"
    inferred = "var"

    def wire(self, declared: str) -> Wire | None:
        spelt = "".join(declared.split())
        if spelt in SCALARS:
            return Wire(SCALARS[spelt], spelt)
        if spelt.endswith("[]"):
            item = self.wire(spelt[:-2])
            if item is None or item.type.startswith("list["):
                return None
            return Wire(f"list[{item.type}]", spelt, Passing.MUTABLE)
        listed = LIST.fullmatch(spelt)
        item = self.wire(listed.group(2)) if listed else None
        if listed is None or item is None:
            return None
        return Wire(f"list[{item.type}]", spelt, Passing.MUTABLE)

    def stub_value(self, function: Function) -> str:
        return "default"

    def literal(self, value: object) -> str:
        if isinstance(value, list):
            return "[" + ", ".join(self.literal(item) for item in value) + "]"
        return super().literal(value)

    def declared(self, function: Function) -> list[str]:
        kinds = ", ".join(f"typeof({param.wire.owned})" for param in function.params)
        return [
            f'var graderMethod = typeof(Solution).GetMethod("{function.name}", {BINDING}, '
            f"null, new System.Type[] {{ {kinds} }}, null);",
            'if (graderMethod == null) return "its parameters are not these";',
            f"if (graderMethod.ReturnType != typeof({function.returns or 'void'})) {{",
            '    return "it returns " + graderMethod.ReturnType.Name;',
            "}",
        ]

    def opening(self, shapes: Sequence[Shape]) -> list[str]:
        return ["List<object> graderArgs = GraderParse(args);"]

    def made(self, owned: str, index: int) -> str:
        return f"{owned} a{index} = {_converted(owned, f'graderArgs[{index}]', 0)};"

    def returned(self, local: str) -> list[str]:
        return [f"return GraderLessonJson({local});"]


def _converted(owned: str, json: str, depth: int) -> str:
    """An expression: `json` (a parsed argument) as a value of type `owned`."""
    item = f"x{depth}"
    if owned.endswith("[]"):
        inner = owned[:-2]
        return f"GraderArray<{inner}>({json}, {item} => {_converted(inner, item, depth + 1)})"
    listed = LIST.fullmatch(owned)
    if listed is not None:
        inner = listed.group(2)
        return f"GraderList<{inner}>({json}, {item} => {_converted(inner, item, depth + 1)})"
    number = {"int": "ToInt32", "long": "ToInt64", "double": "ToDouble"}
    if owned in number:
        return f"System.Convert.{number[owned]}({json})"
    return f"({owned}) {json}"
