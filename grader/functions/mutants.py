"""A reference's mutants for `grader verify --mutants` (mutation_audit.py grades them): one
change each, a Python reference's by its syntax tree (a comparison loosened, an operator
turned, a range off by one, a statement dropped, an answer made constant, two arguments
swapped, a condition negated), another language's by its tokens outside comments and
literals (an operator turned, an integer off by one, a call statement dropped)."""

from __future__ import annotations

import ast
import copy
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..languages.declarations import code_only

COMPARISONS: Final[dict[type[ast.cmpop], type[ast.cmpop]]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
OPERATORS: Final[dict[type[ast.operator], type[ast.operator]]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Add,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
# A constant answer of the signature's return type, for "return X" made "return <this>".
CONSTANT_ANSWERS: Final = {"int": "0", "long": "0", "float": "0.0", "bool": "False", "str": "''"}


@dataclass(frozen=True, slots=True)
class Mutant:
    reference: Path
    number: int
    line: int
    change: str  # what was changed, in words
    source: str


def python_mutants(reference: Path, returns: str) -> list[Mutant]:
    """Every single-change mutant of a Python reference, in the order of its syntax tree."""
    original = reference.read_text(encoding="utf-8")
    tree = ast.parse(original)
    constant = CONSTANT_ANSWERS.get(returns, "[]" if returns.startswith("list[") else "None")
    unchanged = ast.unparse(tree) + "\n"
    mutants: list[Mutant] = []
    for index, node in enumerate(ast.walk(tree)):
        for change, mutate in _changes(node, constant):
            changed = copy.deepcopy(tree)
            target = next(node for i, node in enumerate(ast.walk(changed)) if i == index)
            mutate(target)
            source = ast.unparse(ast.fix_missing_locations(changed)) + "\n"
            if source == unchanged:  # `return 0` made 0: the same program, nothing to kill
                continue
            line = getattr(node, "lineno", 0)
            mutants.append(Mutant(reference, len(mutants) + 1, line, change, source))
    return mutants


def _changes(node: ast.AST, constant: str) -> Iterator[tuple[str, Callable[[ast.AST], None]]]:
    """Each way one node can be changed, said and done."""
    if isinstance(node, ast.Compare) and type(node.ops[0]) in COMPARISONS:
        turned = COMPARISONS[type(node.ops[0])]
        yield (
            f"{_op(node.ops[0])} made {_op(turned())}",
            lambda n: _set_first_op(n, turned),
        )
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
        into = OPERATORS[type(node.op)]
        yield f"{_op(node.op)} made {_op(into())}", lambda n: setattr(n, "op", into())
    if isinstance(node, ast.BoolOp):
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield f"{_op(node.op)} made {_op(other())}", lambda n: setattr(n, "op", other())
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield "`not` dropped", lambda n: _replace_with(n, n.operand)  # type: ignore[attr-defined]
    if _is_range(node):
        yield "range's end + 1", lambda n: _shift_last_arg(n, 1)
        yield "range's end - 1", lambda n: _shift_last_arg(n, -1)
    if isinstance(node, ast.Call) and len(node.args) >= 2:
        yield "the first two arguments swapped", _swap_arguments
    if isinstance(node, ast.Constant) and type(node.value) is int:
        value = node.value
        yield f"{value} made {value + 1}", lambda n: setattr(n, "value", value + 1)
        if value > 0:
            yield f"{value} made {value - 1}", lambda n: setattr(n, "value", value - 1)
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        yield "the statement dropped", lambda n: setattr(n, "value", ast.Constant(value=None))
    if isinstance(node, ast.AugAssign):
        yield "the update dropped", lambda n: _replace_with(n, ast.Pass())
    if isinstance(node, ast.If | ast.While):
        yield "the condition negated", _negate_condition
    if isinstance(node, ast.Return) and node.value is not None:
        yield (
            f"the answer made {constant}",
            lambda n: setattr(n, "value", ast.parse(constant, mode="eval").body),
        )


def _is_range(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and bool(node.args)
    )


def _op(operator: ast.AST) -> str:
    return {
        ast.Lt: "<",
        ast.LtE: "<=",
        ast.Gt: ">",
        ast.GtE: ">=",
        ast.Eq: "==",
        ast.NotEq: "!=",
        ast.In: "in",
        ast.NotIn: "not in",
        ast.Add: "+",
        ast.Sub: "-",
        ast.Mult: "*",
        ast.FloorDiv: "//",
        ast.Mod: "%",
        ast.BitAnd: "&",
        ast.BitOr: "|",
        ast.LShift: "<<",
        ast.RShift: ">>",
        ast.And: "and",
        ast.Or: "or",
    }.get(type(operator), type(operator).__name__)


def _set_first_op(node: ast.AST, turned: type[ast.cmpop]) -> None:
    assert isinstance(node, ast.Compare)
    node.ops = [turned(), *node.ops[1:]]


def _replace_with(node: ast.AST, replacement: ast.AST) -> None:
    """`node` made `replacement` in place (its parent keeps the same object)."""
    node.__class__ = replacement.__class__
    node.__dict__.update(replacement.__dict__)


def _shift_last_arg(node: ast.AST, by: int) -> None:
    assert isinstance(node, ast.Call)
    operator: ast.operator = ast.Add() if by > 0 else ast.Sub()
    node.args[-1] = ast.BinOp(node.args[-1], operator, ast.Constant(abs(by)))


def _negate_condition(node: ast.AST) -> None:
    assert isinstance(node, ast.If | ast.While)
    node.test = ast.UnaryOp(ast.Not(), node.test)


def _swap_arguments(node: ast.AST) -> None:
    assert isinstance(node, ast.Call)
    node.args[0], node.args[1] = node.args[1], node.args[0]


# A brace language's operators, written with a space either side (as a comparison or an
# arithmetic is, and a template's `<` is not), and what each is turned into.
SPACED_OPERATORS: Final = {
    "<": "<=",
    "<=": "<",
    ">": ">=",
    ">=": ">",
    "==": "!=",
    "!=": "==",
    "+": "-",
    "-": "+",
    "&&": "||",
    "||": "&&",
    "&": "|",
    "|": "&",
    "<<": ">>",
    ">>": "<<",
}
SPACED: Final = re.compile(
    r"(?<= )("
    + "|".join(re.escape(op) for op in sorted(SPACED_OPERATORS, key=len, reverse=True))
    + r")(?= )"
)
INTEGER: Final = re.compile(r"(?<![\w.])\d+(?![\w.])")
# A statement that is only a call (`cols.pop_back();`, `used[i] = false;` is not one).
CALL_STATEMENT: Final = re.compile(r"^[ \t]*[A-Za-z_][\w.:\->\[\]]*\([^;]*\);[ \t]*$", re.MULTILINE)
# Each found token, what it is made, and the change said: a truth turned, a negation or a
# loop's skip dropped, an increment made a decrement.
TOKEN_CHANGES: Final = (
    (re.compile(r"\btrue\b"), "false", "true made false"),
    (re.compile(r"\bfalse\b"), "true", "false made true"),
    (re.compile(r"!(?!=)"), "", "`!` dropped"),
    (re.compile(r"\+\+"), "--", "++ made --"),
    (re.compile(r"(?<![-<])--(?!>)"), "++", "-- made ++"),
    (re.compile(r"\b(?:continue|break);"), ";", "the jump dropped"),
)
# A comparison's bound, a plain name: `c < n` made `c < n + 1` and `c < n - 1`.
BOUND: Final = re.compile(r"(?<= )(?:<=|>=|==|!=|<|>) ([A-Za-z_]\w*)\b(?![\w(.\[:])")
# A returned value made a constant of any type: each language's way to say "nothing".
RETURNED: Final = re.compile(r"\breturn\s+([^;{}]+?)\s*;")
CONSTANT_RETURNS: Final = {
    ".cpp": "{}",
    ".cc": "{}",
    ".cxx": "{}",
    ".cs": "default",
    ".java": "null",  # of an object type; a primitive's does not build and is not counted
    ".rs": "Default::default()",
}
# A call's two plain arguments: `f(a, b)` made `f(b, a)` (a mistake of order).
TWO_ARGUMENTS: Final = re.compile(r"\b\w+\(\s*(\w+)\s*,\s*(\w+)\s*\)")


def token_mutants(reference: Path) -> list[Mutant]:
    """Every single-change mutant of a C++, Java, Rust or C# reference, by its tokens outside
    comments and literals: an operator turned, an integer or a comparison's bound off by
    one, a call statement, a negation or a `continue` dropped, a truth turned, `++` made
    `--`, two arguments swapped, a returned value made a constant."""
    original = reference.read_text(encoding="utf-8")
    code = code_only(original)
    edits: list[tuple[int, int, str, str]] = []  # start, end, replacement, the change said
    for found in SPACED.finditer(code):
        into = SPACED_OPERATORS[found[1]]
        edits.append((found.start(1), found.end(1), into, f"{found[1]} made {into}"))
    for found in INTEGER.finditer(code):
        value = int(found[0])
        edits.append((found.start(), found.end(), str(value + 1), f"{value} made {value + 1}"))
        if value > 0:
            edits.append((found.start(), found.end(), str(value - 1), f"{value} made {value - 1}"))
    for found in CALL_STATEMENT.finditer(code):
        edits.append((found.start(), found.end(), "", "the statement dropped"))
    for pattern, into, said in TOKEN_CHANGES:
        edits += [(found.start(), found.end(), into, said) for found in pattern.finditer(code)]
    for found in BOUND.finditer(code):
        for step in ("+ 1", "- 1"):
            said = f"the bound {found[1]} made {found[1]} {step}"
            edits.append((found.start(1), found.end(1), f"{found[1]} {step}", said))
    constant = CONSTANT_RETURNS.get(reference.suffix, "")
    for found in RETURNED.finditer(code) if constant else ():
        if found[1] not in (constant, "true", "false"):  # a truth is turned above
            edits.append((found.start(1), found.end(1), constant, f"the answer made {constant}"))
    for found in TWO_ARGUMENTS.finditer(code):
        if found[1] != found[2]:
            swapped = f"{found[2]}, {found[1]}"
            edits.append((found.start(1), found.end(2), swapped, "the two arguments swapped"))
    edits.sort(key=lambda edit: edit[0])
    return [
        Mutant(
            reference,
            number,
            original.count("\n", 0, start) + 1,
            change,
            original[:start] + replacement + original[end:],
        )
        for number, (start, end, replacement, change) in enumerate(edits, 1)
    ]


def mutants_of(reference: Path, returns: str) -> list[Mutant]:
    """A reference's mutants: a Python one's by its syntax tree, another's by its tokens."""
    if reference.suffix == ".py":
        return python_mutants(reference, returns)
    return token_mutants(reference)
