"""YAML with line numbers: every value is reachable by a dotted path (`tests[3].input.n`).

PyYAML drops positions once it builds Python objects, so this module composes the node tree
once and builds the values itself, remembering where each came from. Errors name the line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import ProblemError

try:  # libyaml's parser is several times faster where the wheel ships it
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class Document:
    """A parsed YAML file: its data, and the 1-based line of every dotted path in it."""

    file: str
    data: object
    lines: dict[str, int] = field(default_factory=dict)

    def line(self, path: str) -> int | None:
        """Line of `path`, or of its nearest enclosing value that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.lines.get("", 1)

    def error(self, path: str, problem: str) -> ProblemError:
        return ProblemError(self.file, self.line(path), path, problem)


def load(path: Path, shown_as: str) -> Document:
    """Parse `path`; `shown_as` is how errors name the file. Raises ProblemError."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProblemError(shown_as, None, "", "file not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ProblemError(shown_as, None, "", f"cannot be read: {error}") from None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        lines: dict[str, int] = {}
        data = _build(node, "", lines, loader, shown_as) if node is not None else None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else None
        raise ProblemError(shown_as, line, "", f"invalid YAML: {error.problem}") from None
    except yaml.YAMLError as error:
        raise ProblemError(shown_as, None, "", f"invalid YAML: {error}") from None
    finally:
        loader.dispose()
    return Document(shown_as, data, lines)


def _build(node: yaml.Node, path: str, lines: dict[str, int], loader: _Loader, file: str) -> object:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result: dict[object, object] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str):
                raise ProblemError(file, key_node.start_mark.line + 1, path, "keys must be text")
            child = f"{path}.{key}" if path else key
            if key in result:
                raise ProblemError(file, key_node.start_mark.line + 1, child, "duplicate key")
            result[key] = _build(value_node, child, lines, loader, file)
            lines[child] = key_node.start_mark.line + 1
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(item, f"{path}[{index}]", lines, loader, file)
            for index, item in enumerate(node.value)
        ]
    return loader.construct_object(node, deep=True)
