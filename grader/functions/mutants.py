"""`grader verify --mutants`: how much of a reference the tests hold. Each Python reference is
mutated one change at a time by its syntax tree (a comparison loosened, an operator turned,
a range off by one, a statement dropped, an answer made constant, two arguments swapped, a
condition inverted); each mutant is graded on every test as a submission is, and the kill
matrix says which test rejects which mutant, which mutants survive every test (with their
diff), and which tests reject nothing the others do not."""

from __future__ import annotations

import ast
import copy
import difflib
import tempfile
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..judge import Asked, grade
from ..languages import extensions
from ..problem import Problem
from ..results import SubmissionResult
from ..sandbox import Sandbox
from ..submission import read_submission
from ..verdicts import Verdict

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


@dataclass(frozen=True, slots=True)
class Graded:
    mutant: Mutant
    killed_by: tuple[str, ...]  # the tests that reject it
    stillborn: bool  # it does not compile or load: nothing to learn


def python_mutants(reference: Path, returns: str) -> list[Mutant]:
    """Every single-change mutant of a Python reference, in the order of its syntax tree."""
    original = reference.read_text(encoding="utf-8")
    tree = ast.parse(original)
    constant = CONSTANT_ANSWERS.get(returns, "[]" if returns.startswith("list[") else "None")
    mutants: list[Mutant] = []
    for index, node in enumerate(ast.walk(tree)):
        for change, mutate in _changes(node, constant):
            changed = copy.deepcopy(tree)
            target = next(node for i, node in enumerate(ast.walk(changed)) if i == index)
            mutate(target)
            source = ast.unparse(ast.fix_missing_locations(changed)) + "\n"
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


def kill_matrix(
    problem: Problem,
    answers: Mapping[str, object],
    sandbox: Sandbox,
    jobs: int,
    progress: Callable[[str], None] = lambda line: None,
) -> list[Graded]:
    """Every Python reference's mutants graded on every test."""
    mutants = [
        mutant
        for reference in problem.references
        if reference.suffix == ".py"
        for mutant in python_mutants(reference, problem.returns)
    ]
    progress(f"{problem.id}: grading {len(mutants)} mutants of its Python references")
    with tempfile.TemporaryDirectory(prefix="grader-mutants-") as scratch:

        def graded(mutant: Mutant) -> Graded:
            path = (
                Path(scratch) / f"{mutant.reference.stem}-{mutant.number}" / mutant.reference.name
            )
            path.parent.mkdir()
            path.write_text(mutant.source, encoding="utf-8")
            submission = read_submission(path, extensions())
            asked = Asked(reveal_hidden=True, shrink=False)  # a kill is all that counts
            result = grade(problem, answers, submission, sandbox, asked)
            return Graded(mutant, _rejecting(result), result.verdict is Verdict.CE)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(graded, mutants))


def _rejecting(result: SubmissionResult) -> tuple[str, ...]:
    """The tests that reject a result; the random tests' row, whichever input failed, as
    `random`."""
    return tuple(
        "random" if test.name.startswith("random") else test.name
        for test in result.tests
        if test.verdict is not Verdict.AC
    )


def audit_text(problem: Problem, graded: list[Graded]) -> str:
    """The kill matrix, the survivors with their diffs, the tests that add nothing, and the
    mutation score (killed / mutants that built)."""
    names = [test.name for test in problem.tests]
    if problem.random is not None:
        names.append("random")
    alive = [one for one in graded if not one.stillborn]
    killed = [one for one in alive if one.killed_by]
    lines = ["Kill matrix (x: the test rejects the mutant):"]
    width = max((len(_label(one.mutant)) for one in alive), default=10)
    lines.append("  " + " " * width + "  " + " ".join(f"{name[:6]:>6}" for name in names))
    for one in alive:
        marks = " ".join(f"{'x' if name in one.killed_by else '.':>6}" for name in names)
        lines.append(f"  {_label(one.mutant):<{width}}  {marks}")
    survivors = [one for one in alive if not one.killed_by]
    if survivors:
        lines += ["", f"Survivors ({len(survivors)}): no test rejects them"]
        for one in survivors:
            lines.append(f"  {_label(one.mutant)}")
            original = one.mutant.reference.read_text(encoding="utf-8")
            canonical = ast.unparse(ast.parse(original)) + "\n"
            diff = difflib.unified_diff(
                canonical.splitlines(), one.mutant.source.splitlines(), lineterm="", n=0
            )
            lines += [f"    {line}" for line in list(diff)[2:]]
    lines += ["", *_idle_tests(names, alive)]
    score = len(killed) / len(alive) if alive else 1.0
    stillborn = len(graded) - len(alive)
    lines.append(
        f"Mutation score: {score:.0%} ({len(killed)} of {len(alive)} mutants rejected; "
        f"{stillborn} did not build and are not counted)"
    )
    return "\n".join(lines) + "\n"


def _label(mutant: Mutant) -> str:
    return f"{mutant.reference.name} M{mutant.number} line {mutant.line}: {mutant.change}"


def _idle_tests(names: list[str], alive: list[Graded]) -> list[str]:
    """A warning for each test that rejects no mutant the tests run before it have not
    (in run order: samples, then hidden tests, then the random ones)."""
    said = []
    rejected_before: set[tuple[str, int]] = set()
    for name in names:
        rejected = {
            (one.mutant.reference.name, one.mutant.number) for one in alive if name in one.killed_by
        }
        if not rejected - rejected_before:
            said.append(f"warning: test {name} rejects no mutant the tests before it do not")
        rejected_before |= rejected
    return said


def mutation_score(graded: list[Graded]) -> float:
    alive = [one for one in graded if not one.stillborn]
    return sum(1 for one in alive if one.killed_by) / len(alive) if alive else 1.0
