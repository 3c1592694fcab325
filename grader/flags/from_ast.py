"""Stored answers in a Python file, read from its syntax tree: literal tables, lookups in
them by an input, ladders of `if n == ...` or `match` cases, strings handed to a decoder."""

from __future__ import annotations

import ast
from collections.abc import Iterable

from ..results import Flag, FlagKind
from .common import (
    DECODERS,
    ENCODED_CHARS,
    LONG_STRING_CHARS,
    TABLE_NUMBERS,
    AnswerMatcher,
    ladder_flags,
)


class PythonReader:
    def __init__(self, tree: ast.Module, params: tuple[str, ...], matcher: AnswerMatcher) -> None:
        self._tree = tree
        self._params = params
        self._matcher = matcher
        self._parents = {
            child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)
        }
        self._tables: dict[str, int] = {}  # module-level names bound to a literal table
        self._long_strings: dict[str, int] = {}

    def flags(self) -> list[Flag]:
        found = [*self._tables_found(), *self._lookups(), *self._ladder(), *self._encoded()]
        return sorted(found, key=lambda flag: flag.line or 0)

    def _tables_found(self) -> Iterable[Flag]:
        for node in ast.walk(self._tree):
            if not isinstance(node, ast.expr) or not _collection(node):
                continue
            if _collection(self._parents.get(node)):
                continue
            numbers, rows = _numbers_and_rows(node)
            if numbers >= TABLE_NUMBERS and rows:
                target = self._parents.get(node)
                if isinstance(target, ast.Assign):
                    for name in target.targets:
                        if isinstance(name, ast.Name):
                            self._tables[name.id] = node.lineno
                yield Flag(FlagKind.TABLE, self._matcher.described(rows, node.lineno), node.lineno)

    def _lookups(self) -> Iterable[Flag]:
        for node in ast.walk(self._tree):
            if not isinstance(node, ast.Subscript) or not self._uses_param(node.slice):
                continue
            looked_in = node.value
            literal = _collection(looked_in) and _numbers_and_rows(looked_in)[0] >= 3
            named = isinstance(looked_in, ast.Name) and looked_in.id in self._tables
            if literal or named:
                yield Flag(
                    FlagKind.LOOKUP,
                    f"looks the answer up by {self._params_in(node.slice)} in a literal table "
                    f"(line {node.lineno})",
                    node.lineno,
                )

    def _ladder(self) -> Iterable[Flag]:
        compared: dict[str, list[tuple[int, int, str]]] = {}
        for node in ast.walk(self._tree):
            if isinstance(node, ast.Compare) and len(node.ops) == 1:
                sides = (node.left, node.comparators[0])
                name = next(
                    (s.id for s in sides if isinstance(s, ast.Name) and self._is_param(s)), None
                )
                if name is None:
                    continue
                for value in _int_values(sides):
                    shown = f"if {name} == {value}:{self._returns(node)}"
                    compared.setdefault(name, []).append((value, node.lineno, shown))
            elif isinstance(node, ast.Match) and self._is_param(node.subject):
                assert isinstance(node.subject, ast.Name)
                for case in node.cases:
                    pattern = case.pattern
                    if isinstance(pattern, ast.MatchValue) and _is_int(pattern.value):
                        value = pattern.value.value  # type: ignore[attr-defined]
                        shown = f"case {value}:{_literal_return(case.body)}"
                        compared.setdefault(node.subject.id, []).append(
                            (value, pattern.lineno, shown)
                        )
        yield from ladder_flags(compared)

    def _encoded(self) -> Iterable[Flag]:
        for node in ast.walk(self._tree):
            if isinstance(node, ast.Assign) and _long_constant(node.value, ENCODED_CHARS):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        self._long_strings[target.id] = _long_constant(node.value, 0)
        decoded: set[int] = set()
        for node in ast.walk(self._tree):
            if not isinstance(node, ast.Call):
                continue
            called = _called_name(node.func)
            if called not in DECODERS:
                continue
            for argument in node.args:
                length = _long_constant(argument, ENCODED_CHARS)
                if isinstance(argument, ast.Name):
                    length = self._long_strings.get(argument.id, 0)
                if length:
                    decoded.add(length)
                    yield Flag(
                        FlagKind.ENCODED,
                        f"answers encoded in a string and decoded: a {length:,}-character "
                        f"literal passed to {called} (line {node.lineno})",
                        node.lineno,
                    )
        for node in ast.walk(self._tree):
            length = _long_constant(node, LONG_STRING_CHARS)
            docstring = isinstance(self._parents.get(node), ast.Expr)
            if (
                length
                and length not in decoded
                and not docstring
                and isinstance(node, ast.Constant)
            ):
                yield Flag(
                    FlagKind.ENCODED,
                    f"a {length:,}-character string literal (line {node.lineno}): encoded answers?",
                    node.lineno,
                )

    def _is_param(self, node: ast.AST) -> bool:
        return isinstance(node, ast.Name) and node.id in self._params

    def _uses_param(self, node: ast.AST) -> bool:
        return any(self._is_param(part) for part in ast.walk(node))

    def _params_in(self, node: ast.AST) -> str:
        names = sorted(
            {p.id for p in ast.walk(node) if isinstance(p, ast.Name) and self._is_param(p)}
        )
        return ", ".join(names)

    def _returns(self, node: ast.AST) -> str:
        parent = self._parents.get(node)
        return _literal_return(parent.body) if isinstance(parent, ast.If) else ""


def _collection(node: ast.AST | None) -> bool:
    return isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict))


def _is_int(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


def _int_values(sides: tuple[ast.AST, ast.AST]) -> list[int]:
    values: list[int] = []
    for side in sides:
        if _is_int(side):
            values.append(side.value)  # type: ignore[attr-defined]
        elif isinstance(side, (ast.Tuple, ast.List, ast.Set)):
            values += [e.value for e in side.elts if _is_int(e)]  # type: ignore[attr-defined]
    return values


def _numbers_and_rows(node: ast.AST) -> tuple[int, list[tuple[int, ...]]]:
    numbers = sum(1 for part in ast.walk(node) if _is_int(part))
    rows = [
        tuple(e.value for e in part.elts)  # type: ignore[attr-defined]
        for part in ast.walk(node)
        if isinstance(part, (ast.List, ast.Tuple)) and part.elts and all(map(_is_int, part.elts))
    ]
    return numbers, rows


def _literal_return(body: list[ast.stmt]) -> str:
    first = body[0] if body else None
    if isinstance(first, ast.Return) and first.value is not None and _collection(first.value):
        return " return [...]"
    return ""


def _long_constant(node: ast.AST, at_least: int) -> int:
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
        return len(node.value) if len(node.value) >= at_least else 0
    return 0


def _called_name(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""
