"""The package's shape: no import circle, even through imports made inside functions, and
the warm grader keeps no sandbox across environments."""

from __future__ import annotations

import ast
from pathlib import Path

from grader.sandbox import kept

PACKAGE = Path(__file__).resolve().parent.parent / "grader"


def _imports() -> dict[str, set[str]]:
    """Module -> the package's modules it imports, anywhere in it."""
    modules = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
                found |= {t for t in [target] + [f"{target}.{a.name}" for a in node.names]
                          if t in modules and t != name}  # fmt: skip
        graph[name] = found
    return graph


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


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_a_kept_sandbox_is_kept_per_environment(monkeypatch) -> None:
    opened: list[str] = []

    def fake_open(choice: str) -> object:
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
