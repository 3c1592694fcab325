"""A lesson in Rust, as LeetCode writes it: associated functions of `impl Solution`, called
as `Self::name`. The dispatcher makes each argument a local of its owned type and passes it
as declared (`&a0` for `&[i32]`, `&mut a0` for `&mut Vec<i32>`); a function pointer of the
declared type, bound to the student's function, is what checks its signature."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Final

from ..model import Function, Passing, Wire
from .base import DECLARED_OK, DISPATCHER, Joined, Shape, appended, check_above

SCALARS: Final = {
    "i32": "int",
    "i64": "long",
    "usize": "int",
    "bool": "bool",
    "f64": "float",
    "String": "str",
}
VEC: Final = re.compile(r"Vec<(.+)>")
BORROWS: Final = (  # prefix, the owned type it borrows from, how it is passed
    (re.compile(r"&mut\s*Vec<(.+)>"), "Vec<{}>", Passing.MUTABLE),
    (re.compile(r"&mut\s*\[(.+)\]"), "Vec<{}>", Passing.MUTABLE),
    (re.compile(r"&\s*Vec<(.+)>"), "Vec<{}>", Passing.BORROWED),
    (re.compile(r"&\s*\[(.+)\]"), "Vec<{}>", Passing.BORROWED),
    (re.compile(r"&\s*(str)"), "String", Passing.BORROWED),
)


class RustSpeech:
    language = "rust"

    def wire(self, declared: str) -> Wire | None:
        spelt = " ".join(declared.split())
        for pattern, owned, passing in BORROWS:
            borrowed = pattern.fullmatch(spelt)
            if borrowed is not None:
                inner = self._owned(owned.format(borrowed.group(1)))
                return Wire(inner.type, inner.owned, passing) if inner else None
        return self._owned(spelt)

    def _owned(self, spelt: str) -> Wire | None:
        if spelt in SCALARS:
            return Wire(SCALARS[spelt], spelt)
        vec = VEC.fullmatch(spelt)
        if vec is None:
            return None
        item = self._owned(vec.group(1).strip())
        return Wire(f"list[{item.type}]", f"Vec<{item.owned}>") if item else None

    def wire_return(self, declared: str) -> str | None:
        if declared in ("", "()"):
            return ""
        wire = self._owned(" ".join(declared.split()))
        return wire.type if wire else None

    def defines(self, source: str, name: str) -> bool:
        return re.search(rf"\bfn\s+{re.escape(name)}\b", source) is not None

    def declaration(self, source: str, name: str) -> str:
        found = re.search(rf"\bfn\s+{re.escape(name)}\b[^{{;]*", source)
        return " ".join(found.group(0).split()) if found else ""

    def signature(self, function: Function) -> str:
        params = ", ".join(f"{param.name}: {param.declared}" for param in function.params)
        returns = f" -> {function.returns}" if function.returns else ""
        return f"fn {function.name}({params}){returns}"

    def call(self, function: Function, args: Sequence[object]) -> str:
        spelt = []
        for param, arg in zip(function.params, args, strict=True):
            made = self._made(arg, param.wire.owned)
            if param.wire.passing is Passing.MUTABLE:
                made = f"&mut {made}"
            elif param.wire.passing is Passing.BORROWED:  # `&[1, 3]`, as a slice is written
                made = f"&{made.removeprefix('vec!')}"
            spelt.append(made)
        return f"{function.name}({', '.join(spelt)})"

    def literal(self, value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, list):
            return f"[{', '.join(self.literal(item) for item in value)}]"
        if isinstance(value, str):
            return _string(value)
        return str(value)

    def join(self, source: str, stubs: Sequence[Function], shapes: Sequence[Shape]) -> Joined:
        return appended(source, self._added(stubs, shapes))

    def _added(self, stubs: Sequence[Function], shapes: Sequence[Shape]) -> str:
        lines = ["", "", "// ---- added by the grader for this step's checks ----"]
        if stubs:
            lines += ["#[allow(dead_code, unused_variables)]", "impl Solution {"]
            for function in stubs:
                body = "{}" if not function.returns else "{ Default::default() }"
                lines.append(f"    {self.signature(function)} {body}  // a later step writes it")
            lines.append("}")
        lines += [
            "#[allow(dead_code, unused_mut, unused_variables, unused_imports, clippy::all)]",
            "impl Solution {",
            f"    fn {DISPATCHER}(call: i32, args: String) -> String {{",
            "        use grader_driver::{FromJson, Wire};",
            "        let args = grader_driver::json_items(&args);",
            "        let mut out = String::new();",
            "        match call {",
        ]
        for call, shape in enumerate(shapes):
            lines += [f"            {line}" for line in self._branch(call, shape)]
        lines += ["            _ => {}", "        }", "        out", "    }", "}", ""]
        return "\n".join(lines)

    def check_at(self, lines: Sequence[str], number: int) -> int | None:
        return check_above(lines, number, r"\s*(\d+) => \{")

    def _branch(self, call: int, shape: Shape) -> list[str]:
        function = shape.function
        if shape.declared_only:
            kinds = ", ".join(param.declared for param in function.params)
            returns = f" -> {function.returns}" if function.returns else ""
            bound = f"let _: fn({kinds}){returns} = Self::{function.name};"
            return [f"{call} => {{", f"    {bound}", f'    out.push_str("{DECLARED_OK}");', "}"]
        made = [
            f"let mut a{i}: {param.wire.owned} = {_read(param.wire.owned, f'&args[{i}]')};"
            for i, param in enumerate(function.params)
        ]
        passed = ", ".join(
            {Passing.MUTABLE: f"&mut a{i}", Passing.BORROWED: f"&a{i}"}.get(
                param.wire.passing, f"a{i}"
            )
            for i, param in enumerate(function.params)
        )
        called = f"Self::{function.name}({passed})"
        if shape.observed is not None:
            param = function.params[shape.observed]
            given = [f"{called};", _write(param.wire.owned, f"&a{shape.observed}")]
        elif function.returns:
            given = [f"let value = {called};", _write(function.returns, "&value")]
        else:
            given = [f"{called};", 'out.push_str("null");']
        return [f"{call} => {{", *(f"    {line}" for line in [*made, *given]), "}"]

    def _made(self, value: object, owned: str) -> str:
        """`value` as an expression of type `owned` (the let's annotation types it)."""
        if isinstance(value, list):
            inner = owned[4:-1] if owned.startswith("Vec<") else owned
            return f"vec![{', '.join(self._made(item, inner) for item in value)}]"
        if isinstance(value, str):
            return f"String::from({_string(value)})"
        return self.literal(value)


def _string(text: str) -> str:
    """A Rust string literal: JSON's escapes but `\\u{..}` for the rest."""
    return re.sub(r"\\u([0-9a-fA-F]{4})", r"\\u{\1}", json.dumps(text))


def _read(owned: str, given: str) -> str:
    """`given` (a driver's Json) read as a value of type `owned`: by a function of the
    driver's library where it has one (compiled once), else by its generic reader."""
    name = _value_name(owned)
    return f"grader_driver::read_{name}({given})" if name else f"<{owned}>::from_json({given})"


def _write(owned: str, value: str) -> str:
    name = _value_name(owned)
    if name:
        return f"grader_driver::write_{name}({value}, &mut out);"
    return f"({value}).wire(&mut out);"


def _value_name(owned: str) -> str | None:
    """`vec_vec_i32` for `Vec<Vec<i32>>`: the driver library's name for the type, where it
    reads and writes it (scalars, and vectors of them two deep)."""
    spelt = "".join(owned.split())
    depth = 0
    while spelt.startswith("Vec<") and spelt.endswith(">"):
        spelt, depth = spelt[4:-1], depth + 1
    if spelt not in SCALARS or depth > 2:
        return None
    return "vec_" * depth + spelt.lower()
