"""A lesson in C#, as LeetCode writes it: methods of `public class Solution` (classes.py). A
`List<int>` or an `int[]` argument is the caller's own object, so the call's changes are
seen; reflection checks a method's declaration exactly."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

from ..model import Function, Passing, Wire
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

    def made(self, value: object, owned: str) -> str:
        if owned.endswith("[]") and isinstance(value, list):
            return f"new {owned} {{ {', '.join(self.literal(item) for item in value)} }}"
        listed = LIST.fullmatch(owned)
        if listed is not None and isinstance(value, list):
            items = ", ".join(self.made(item, listed.group(2)) for item in value)
            return f"new List<{listed.group(2)}> {{ {items} }}"
        if owned == "long":
            return f"{value}L"
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

    def sorted(self, local: str, owned: str) -> str:
        return ""  # json_of sorts: an IList has no Sort of its own

    def json_of(self, local: str, any_order: bool) -> str:
        return (
            f"GraderLessonJson(GraderSorted({local}))"
            if any_order
            else f"GraderLessonJson({local})"
        )
