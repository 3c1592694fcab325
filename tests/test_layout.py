"""The package's shape: no import circle, even through imports made inside functions; small
modules and functions; and the warm grader keeps no sandbox across environments."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from grader.cli.warm import kept

PACKAGE = Path(__file__).resolve().parent.parent / "grader"
MAX_MODULE_LINES = 300
MAX_FUNCTION_LINES = 60
# The runners that execute inside the sandbox (they cannot import the rest of the package, so
# each is one file), and the checker whose bulk is the messages that teach.
LONG_MODULES = {
    "sandbox/process/_zygote.py",
    "languages/_pyrunner.py",
    "checkers/all_placements.py",
}


def _long_modules() -> list[str]:
    return sorted(
        f"{path.relative_to(PACKAGE)}: {lines} lines"
        for path in PACKAGE.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
        and str(path.relative_to(PACKAGE)) not in LONG_MODULES
    )


def _long_functions(source: str) -> list[str]:
    return [
        f"{node.name} (line {node.lineno}): {node.end_lineno - node.lineno + 1} lines"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]


def _modules() -> dict[str, Path]:
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def _absolute(package: str, level: int, module: str | None) -> str:
    """`from .module` (`level` dots) as written in `package`, named absolutely."""
    if not level:
        return module or ""
    parts = package.split(".")
    return ".".join(filter(None, [*parts[: len(parts) - level + 1], module]))


def _targets(node: ast.AST, package: str) -> list[str]:
    """The modules one statement imports: `import a.b`, `from a import b`, relative or
    not, and a registry's lines ("module:attribute" strings, imported by name when used)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        target = _absolute(package, node.level, node.module)
        return [target] + [f"{target}.{alias.name}" for alias in node.names]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "LazyRegistry"
        and len(node.args) == 2
        and isinstance(node.args[1], ast.Dict)
    ):
        lines = [v.value for v in node.args[1].values if isinstance(v, ast.Constant)]
        modules = [str(line).partition(":")[0] for line in lines]
        return [
            _absolute(package, len(module) - len(module.lstrip(".")), module.lstrip("."))
            for module in modules
        ]
    return []


def _imports() -> dict[str, set[str]]:
    """Module -> the package's modules it imports, anywhere in it (inside functions too)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = {t for node in ast.walk(tree) for t in _targets(node, package)}
        graph[name] = {target for target in found if target in modules and target != name}
    return graph


def _packages(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The same drawn between the package's parts: grader.judge, grader.cli, grader.problem
    (a top-level module is a part of its own), and each integration (grader.integrations.lti:
    integrations/ only groups them)."""

    def part(module: str) -> str:
        depth = 3 if module.startswith("grader.integrations.") else 2
        return ".".join(module.split(".")[:depth])

    drawn: dict[str, set[str]] = {}
    for module, targets in graph.items():
        if module != "grader":
            drawn.setdefault(part(module), set()).update(
                part(target) for target in targets if part(target) not in (part(module), "grader")
            )
    return drawn


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_no_module_imports_one_that_imports_it_back() -> None:
    """The package root aside (every submodule may read what it re-exports lazily)."""
    graph = {name: targets - {"grader"} for name, targets in _imports().items()}
    assert len(graph) > 50
    assert _circles(graph) == []


def test_no_part_of_the_package_imports_one_that_imports_it_back() -> None:
    """Dependencies point down: the judge never reaches into the instructor's insight, a
    backend never into a language, an integration never into the command line."""
    drawn = _packages(_imports())
    assert {"grader.judge", "grader.sandbox", "grader.languages", "grader.cli"} <= set(drawn)
    assert "grader.languages" in drawn["grader.judge"]  # the drawing sees imports at all
    assert _circles(drawn) == []


def test_the_top_level_holds_only_leaf_values() -> None:
    """A top-level module imports nothing of the package but other top-level modules: what
    does something lives in a folder (the package's start-up aside)."""
    graph = _imports()
    top = {name for name, path in _modules().items() if path.parent == PACKAGE}
    top.discard("grader")
    entry = {"grader.__main__", "grader.__version__"}
    assert {"grader.problem", "grader.results", "grader.errors"} <= top
    assert {name: graph[name] - top for name in top - entry if graph[name] - top} == {}


def test_contributing_s_layout_table_is_the_tree_s() -> None:
    checked = subprocess.run(
        [sys.executable, str(PACKAGE.parent / "scripts" / "layout-table"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_imports_are_read_wherever_they_are() -> None:
    source = ast.parse(
        "import grader.a\n"
        "def later():\n    from ..b import c\n"
        "R = LazyRegistry(__name__, {'x': '.d:D'})\n"
    )
    found = {t for node in ast.walk(source) for t in _targets(node, "grader.p")}
    assert {"grader.a", "grader.b", "grader.b.c", "grader.p.d"} <= found


def test_no_module_is_longer_than_a_newcomer_reads_in_one_pass() -> None:
    assert all((PACKAGE / name).is_file() for name in LONG_MODULES)  # none left behind
    assert _long_modules() == []


def test_no_function_is_longer_than_a_screen() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}: {long}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for long in _long_functions(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_length_checks_find_what_is_long() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    assert _long_functions(f"def short():\n    pass\n\ndef long():\n{body}\n") == [
        f"long (line 4): {MAX_FUNCTION_LINES + 1} lines"
    ]


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_a_kept_sandbox_is_kept_per_environment(monkeypatch) -> None:
    opened: list[str] = []

    def fake_open(choice: str, options: object = None) -> object:
        opened.append(choice)
        return type("Opened", (), {"close": lambda self: None})()

    monkeypatch.setattr(kept, "open_sandbox", fake_open)
    sandboxes = kept.KeptSandboxes()
    monkeypatch.setenv("PATH", "/usr/bin")
    first = sandboxes.open("process")
    assert sandboxes.open("process") is first
    monkeypatch.setenv("PATH", "/opt/other/bin:/usr/bin")
    assert sandboxes.open("process") is not first
    monkeypatch.setenv("DOCKER_HOST", "unix:///elsewhere.sock")
    sandboxes.open("process")
    assert opened == ["process"] * 3
    sandboxes.close()
