"""How a student disguises a copied Python file: other names, functions in another order,
other comments and layout, a loop rewritten as a comprehension. Each takes source and gives
source that still runs the same; the similarity tests and the sample class (sample.py) are
made with them."""

from __future__ import annotations

import ast
import builtins
import io
import random
import tokenize

KEPT = {"solve_n_queens", "solveNQueens", "Solution", "self", *dir(builtins)}


def renamed(source: str, seed: int = 0) -> str:
    """Every name the file defines (not attributes, builtins or the entry point) renamed."""
    chooser = random.Random(seed)
    tree = ast.parse(source)
    defined = {
        node.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
    } | {arg.arg for node in ast.walk(tree) if isinstance(node, ast.arguments) for arg in node.args}
    defined |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    defined -= KEPT
    words = ["alpha", "beta", "gamma", "delta", "omega", "kappa", "sigma", "theta", "zeta"]
    mapping = {name: f"{chooser.choice(words)}_{i}" for i, name in enumerate(sorted(defined))}
    out: list[tokenize.TokenInfo] = []
    previous: tokenize.TokenInfo | None = None
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        text = token.string
        after_dot = previous is not None and previous.string == "."
        if token.type == tokenize.NAME and text in mapping and not after_dot:
            token = token._replace(string=mapping[text])
        out.append(token)
        previous = token
    return tokenize.untokenize(out)


def reordered(source: str) -> str:
    """Top-level and class-level functions in reverse order; comments and layout as
    ast.unparse writes them."""
    tree = ast.parse(source)
    holders: list[ast.Module | ast.ClassDef] = [tree]
    holders += [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    for holder in holders:
        functions = [n for n in holder.body if isinstance(n, ast.FunctionDef)]
        others = [n for n in holder.body if not isinstance(n, ast.FunctionDef)]
        holder.body = [*others, *functions[::-1]]
    return ast.unparse(tree) + "\n"


def recommented(source: str) -> str:
    """Comments of its own, blank lines and wider spaces between operators."""
    lines = []
    for number, line in enumerate(source.splitlines()):
        if line.strip().startswith("#"):
            continue
        indent = line[: len(line) - len(line.lstrip())]
        if number % 3 == 0 and line.strip():
            lines.append(f"{indent}# step {number}: see the lecture notes")
        lines.append(line.replace(", ", " , ").replace(" = ", "  =  "))
        if number % 4 == 0:
            lines.append("")
    return "\n".join(lines) + "\n"


class _LoopToComprehension(ast.NodeTransformer):
    """`for v in it: [if c:] xs.append(e)` becomes `xs.extend(e for v in it [if c])`."""

    changed = 0

    def visit_For(self, node: ast.For) -> ast.AST:  # noqa: N802 - the visitor's protocol
        self.generic_visit(node)
        body, test = node.body, None
        if len(body) == 1 and isinstance(body[0], ast.If) and not body[0].orelse:
            test, body = body[0].test, body[0].body
        call = body[0].value if len(body) == 1 and isinstance(body[0], ast.Expr) else None
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "append"
            and len(call.args) == 1
            and not node.orelse
        ):
            return node
        self.changed += 1
        generator = ast.GeneratorExp(
            call.args[0], [ast.comprehension(node.target, node.iter, [test] if test else [], 0)]
        )
        extend = ast.Attribute(call.func.value, "extend", ast.Load())
        return ast.copy_location(ast.Expr(ast.Call(extend, [generator], [])), node)


def loops_as_comprehensions(source: str) -> tuple[str, int]:
    """The source with its append loops rewritten, and how many there were."""
    transformer = _LoopToComprehension()
    tree = ast.fix_missing_locations(transformer.visit(ast.parse(source)))
    return ast.unparse(tree) + "\n", transformer.changed


class _Paraphrase(ast.NodeTransformer):
    """Equivalent spellings chosen at random at every place one is possible: operands of `==`
    and `!=` swapped, `and`/`or` operands reordered, `range(n)` as `range(0, n)`, `x += 1` as
    `x = x + 1`, `list(x)` as `[*x]`, `abs(a - b)` as `abs(b - a)`."""

    def __init__(self, chooser: random.Random) -> None:
        self._chooser = chooser

    def _coin(self) -> bool:
        return self._chooser.random() < 0.5

    def visit_Compare(self, node: ast.Compare) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        symmetric = len(node.ops) == 1 and isinstance(node.ops[0], (ast.Eq, ast.NotEq))
        if symmetric and self._coin():
            return ast.Compare(node.comparators[0], node.ops, [node.left])
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        if self._coin():
            node.values = node.values[::-1]
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        if isinstance(node.target, ast.Name) and self._coin():
            load = ast.Name(node.target.id, ast.Load())
            value = ast.BinOp(load, node.op, node.value)
            return ast.Assign([ast.Name(node.target.id, ast.Store())], value)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:  # noqa: N802
        self.generic_visit(node)
        name = node.func.id if isinstance(node.func, ast.Name) else ""
        if name == "range" and len(node.args) == 1 and self._coin():
            node.args = [ast.Constant(0), node.args[0]]
        elif name == "list" and len(node.args) == 1 and not node.keywords and self._coin():
            return ast.List([ast.Starred(node.args[0], ast.Load())], ast.Load())
        elif name == "abs" and len(node.args) == 1 and self._coin():
            inner = node.args[0]
            if isinstance(inner, ast.BinOp) and isinstance(inner.op, ast.Sub):
                node.args = [ast.BinOp(inner.right, ast.Sub(), inner.left)]
        return node


def paraphrased(source: str, chooser: random.Random) -> str:
    """The same program as another student would spell it."""
    tree = ast.fix_missing_locations(_Paraphrase(chooser).visit(ast.parse(source)))
    return ast.unparse(tree) + "\n"
