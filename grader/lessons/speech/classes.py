"""Where a class-based language's grader code goes: inside the student's `class Solution`,
before its closing brace (C++, Java and C# call the entry point on a Solution, and a method
a later step writes is one of its members)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

from ..model import Function, Wire
from .base import DECLARED_OK, DISPATCHER, Joined, Shape, appended, check_above

CLASS: re.Pattern[str] = re.compile(r"\b(?:class|struct)\s+Solution\b[^{;]*\{")


def inside_solution(source: str, code: str, whole_class: str) -> Joined:
    """`code` put before the closing brace of the student's `class Solution`; where there is
    none, `whole_class` (a Solution holding `code`) after the file."""
    found = CLASS.search(source)
    closing = _closing_brace(source, found.end()) if found else None
    if closing is None:
        return appended(source, whole_class)
    first = source.count("\n", 0, closing) + 2
    block = f"\n{code}\n"
    text = source[:closing] + block + source[closing:]
    return Joined(text, range(first, first + code.count("\n") + 1))


def _closing_brace(source: str, start: int) -> int | None:
    """The index of the brace that closes the one opened just before `start`, skipping
    comments, strings and character literals; None where the file ends first."""
    depth = 1
    index = start
    while index < len(source):
        two = source[index : index + 2]
        if two == "//":
            index = source.find("\n", index)
            if index < 0:
                return None
        elif two == "/*":
            index = source.find("*/", index + 2)
            if index < 0:
                return None
            index += 1
        elif source[index] in "\"'":
            index = _literal_end(source, index)
        elif source[index] == "{":
            depth += 1
        elif source[index] == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return None


def _literal_end(source: str, start: int) -> int:
    quote = source[start]
    index = start + 1
    while index < len(source) and source[index] != quote:
        index += 2 if source[index] == "\\" else 1
    return index


class ClassSpeech:
    """What C++, Java and C# lessons share: members of `class Solution`, declared `type name`,
    the dispatcher an if per shape of call, each argument a local of its type. A language
    says its types, how it checks a declaration, reads an argument and writes a value."""

    language = ""
    members: Path | None = None  # what the dispatcher calls, added as class members
    header = ""  # what opens the grader's members (C++'s `public:`)
    string_type = ""  # the dispatcher's return type
    visibility = "public "  # before the dispatcher (C++ says it once, in `header`)
    whole_class = "\nclass Solution {{\n{}\n}}\n"
    default_value = "{{ return {}; }}"  # a stub's body, around the value it returns

    def wire(self, declared: str) -> Wire | None:
        raise NotImplementedError

    def wire_return(self, declared: str) -> str | None:
        if declared in ("", "void"):
            return ""
        wire = self.wire(declared)
        return wire.type if wire else None

    def defines(self, source: str, name: str) -> bool:
        return self._definition(source, name) is not None

    def declaration(self, source: str, name: str) -> str:
        found = self._definition(source, name)
        return " ".join(found.group(1).split()) if found else ""

    def _definition(self, source: str, name: str) -> re.Match[str] | None:
        """A definition of `name` (a body follows its parameters), never a call."""
        return re.search(
            rf"((?:[\w:<>,\[\]]+[\s&*]+)+{re.escape(name)}\s*\([^;{{}}]*\)\s*(?:const\s*)?)"
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
        return check_above(lines, number, r"\s*if \(call == (\d+)\) \{")

    def join(self, source: str, stubs: Sequence[Function], shapes: Sequence[Shape]) -> Joined:
        code = self._code(stubs, shapes)
        return inside_solution(source, code, self.whole_class.format(code))

    def _code(self, stubs: Sequence[Function], shapes: Sequence[Shape]) -> str:
        lines = [f"{self.header}// ---- added by the grader for this step's checks ----"]
        for function in stubs:
            body = "{}"
            if function.returns_wire:
                body = self.default_value.format(self.stub_value(function))
            lines.append(f"    {self.signature(function)} {body}  // a later step writes it")
        if shapes:
            if self.members is not None:
                lines.append(self.members.read_text())
            dispatcher = f"{self.string_type} {DISPATCHER}(int call, {self.text_param} args)"
            lines.append(f"    {self.visibility}{dispatcher} {{")
            branches = [line for call, s in enumerate(shapes) for line in self._branch(call, s)]
            code = [*self.opening(shapes), *branches, 'return "";']
            lines += [f"        {line}" for line in code]
            lines.append("    }")
        return "\n".join(lines)

    def _branch(self, call: int, shape: Shape) -> list[str]:
        head = f"if (call == {call}) {{"
        function = shape.function
        if shape.declared_only:
            checked = self.declared(function)
            return [head, *(f"    {line}" for line in checked), f'    return "{DECLARED_OK}";', "}"]
        made = [self.made(param.wire.owned, i) for i, param in enumerate(function.params)]
        called = f"{function.name}({', '.join(f'a{i}' for i in range(len(function.params)))});"
        if shape.observed is not None:
            given = [called, *self.returned(f"a{shape.observed}")]
        elif function.returns:
            given = [f"{self.inferred} value = {called}", *self.returned("value")]
        else:
            given = [called, 'return "null";']
        return [head, *(f"    {line}" for line in [*made, *given]), "}"]

    inferred = "auto"  # the declaration of a local whose type the compiler works out
    text_param = "String"  # the arguments' JSON text, as the dispatcher takes it

    def stub_value(self, function: Function) -> str:
        """What a stub of `function` returns: its type's default."""
        return "{}"

    def opening(self, shapes: Sequence[Shape]) -> list[str]:
        """The dispatcher's first statements: what its branches read with."""
        raise NotImplementedError

    def made(self, owned: str, index: int) -> str:
        """A statement making `a{index}`, of type `owned`, from argument `index`."""
        raise NotImplementedError

    def returned(self, local: str) -> list[str]:
        """Statements returning `local` as JSON text."""
        raise NotImplementedError

    def declared(self, function: Function) -> list[str]:
        """Statements that compile only where `function` is declared as the lesson has it."""
        raise NotImplementedError
