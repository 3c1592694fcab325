"""How a student disguises a copied Python file: other names, functions in another order,
other comments and layout, a loop rewritten as a comprehension. Each takes source, gives
source that still runs the same."""

from __future__ import annotations

import ast
import builtins
import io
import keyword
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
    out = []
    previous = None
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
    for holder in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef))]:
        functions = [n for n in holder.body if isinstance(n, ast.FunctionDef)]
        others = [n for n in holder.body if not isinstance(n, ast.FunctionDef)]
        holder.body = others + functions[::-1]
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


assert keyword.iskeyword("for")  # the module's own sanity: tokenize and keyword agree
