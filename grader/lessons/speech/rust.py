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
from .base import (
    DECLARED_CASE,
    DECLARED_OK,
    DISPATCHER,
    Joined,
    Probe,
    appended,
    check_above,
)

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

    def join(self, source: str, stubs: Sequence[Function], probes: Sequence[Probe]) -> Joined:
        return appended(source, self._added(stubs, probes))

    def _added(self, stubs: Sequence[Function], probes: Sequence[Probe]) -> str:
        lines = ["", "", "// ---- added by the grader for this step's checks ----"]
        if stubs:
            lines += ["#[allow(dead_code, unused_variables)]", "impl Solution {"]
            for function in stubs:
                body = "{}" if not function.returns else "{ Default::default() }"
                lines.append(f"    {self.signature(function)} {body}  // a later step writes it")
            lines.append("}")
        lines += [
            "#[allow(dead_code, unused_mut, unused_variables, clippy::all)]",
            "impl Solution {",
            f"    fn {DISPATCHER}(check: i32, case: i32) -> String {{",
            "        match (check, case) {",
        ]
        lines += [f"            {arm}" for probe in probes for arm in self._arm(probe)]
        lines += ["            _ => String::new(),", "        }", "    }", "}", ""]
        return "\n".join(lines)

    def check_at(self, lines: Sequence[str], number: int) -> int | None:
        return check_above(lines, number, r"\s*\((\d+), -?\d+\) => \{")

    def _arm(self, probe: Probe) -> list[str]:
        function = probe.function
        head = f"({probe.check_index}, {probe.case_index}) => {{"
        if probe.case is None or probe.case_index == DECLARED_CASE:
            kinds = ", ".join(param.declared for param in function.params)
            returns = f" -> {function.returns}" if function.returns else ""
            bound = f"let _: fn({kinds}){returns} = Self::{function.name};"
            return [head, f"    {bound}", f'    String::from("{DECLARED_OK}")', "}"]
        made = [
            f"let mut a{i}: {param.wire.owned} = {self._made(arg, param.wire.owned)};"
            for i, (param, arg) in enumerate(zip(function.params, probe.case.args, strict=True))
        ]
        passed = ", ".join(
            {Passing.MUTABLE: f"&mut a{i}", Passing.BORROWED: f"&a{i}"}.get(
                param.wire.passing, f"a{i}.clone()"
            )
            for i, param in enumerate(function.params)
        )
        observed = "value"
        if probe.check.observe:
            names = [param.name for param in function.params]
            observed = f"a{names.index(probe.check.observe)}"
        sort = [f"{observed}.sort();"] if probe.check.any_order else []
        return [
            head,
            *(f"    {line}" for line in made),
            f"    let mut value = Self::{function.name}({passed});",
            *(f"    {line}" for line in sort),
            f'    format!("{{:?}}", {observed})',
            "}",
        ]

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
