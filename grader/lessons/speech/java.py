"""A lesson in Java, as LeetCode writes it: methods of `class Solution` (classes.py). A
`List<Integer>` or an `int[]` argument is the caller's own object, so the call's changes
are seen; a call with the declared argument types, compiled but never run, checks a
method's declaration."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from ..model import Function, Passing, Wire
from .base import Shape
from .classes import ClassSpeech

SCALARS: Final = {"int": "int", "long": "long", "boolean": "bool", "double": "float"}
BOXED: Final = {"Integer": "int", "Long": "long", "Boolean": "bool", "Double": "float"}
DEFAULTS: Final = {"int": "0", "long": "0L", "boolean": "false", "double": "0.0"}
LIST: Final = re.compile(r"(?:java\.util\.)?(?:List|ArrayList)<(.+)>")


class JavaSpeech(ClassSpeech):
    language = "java"
    members = Path(__file__).with_name("java_members.java")
    string_type = "String"
    inferred = "var"
    visibility = '@SuppressWarnings("unchecked") public '  # its casts to List<Integer>

    def wire(self, declared: str) -> Wire | None:
        spelt = "".join(declared.split())
        if spelt in SCALARS:
            return Wire(SCALARS[spelt], spelt)
        if spelt == "String":
            return Wire("str", spelt)
        if spelt.endswith("[]"):
            item = self.wire(spelt[:-2])
            if item is None or item.type == "str":
                return None
            return Wire(f"list[{item.type}]", spelt, Passing.MUTABLE)
        listed = LIST.fullmatch(spelt)
        if listed is None:
            return None
        inner = listed.group(1)
        item = Wire(BOXED[inner], inner) if inner in BOXED else self.wire(inner)
        if item is None:
            return None
        return Wire(f"list[{item.type}]", f"List<{inner}>", Passing.MUTABLE)

    def stub_value(self, function: Function) -> str:
        return DEFAULTS.get(function.returns, "null")

    def literal(self, value: object) -> str:
        if isinstance(value, list):
            return "[" + ", ".join(self.literal(item) for item in value) + "]"
        return super().literal(value)

    def declared(self, function: Function) -> list[str]:
        """By reflection, exactly: a call would also compile with an `int` taken as `long`."""
        kinds = ", ".join(_class_of(param.declared) for param in function.params)
        wanted = _class_of(function.returns or "void")
        return [
            "try {",
            f'    var method = Solution.class.getDeclaredMethod("{function.name}"'
            + (f", {kinds});" if kinds else ");"),
            f"    if (method.getReturnType() != {wanted}) {{",
            '        return "it returns " + method.getReturnType().getSimpleName();',
            "    }",
            "} catch (NoSuchMethodException absent) {",
            '    return "its parameters are not these";',
            "}",
        ]

    def opening(self, shapes: Sequence[Shape]) -> list[str]:
        return ["java.util.List<Object> graderArgs = graderParse(args);"]

    def made(self, owned: str, index: int) -> str:
        converted = f'graderConvert(graderArgs.get({index}), "{owned}")'
        return f"{owned} a{index} = ({owned}) {converted};"

    def returned(self, local: str) -> list[str]:
        return [f"return graderLessonJson({local});"]


def _class_of(declared: str) -> str:
    """The class literal of a declared type, as reflection sees it (generics erased)."""
    erased = re.sub(r"<.*>", "", "".join(declared.split()))
    return f"{'java.util.' if erased in ('List', 'ArrayList') else ''}{erased}.class"
