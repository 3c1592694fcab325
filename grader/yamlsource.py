"""YAML with line numbers: every value is reachable by a dotted path (`tests[3].input.n`).

PyYAML drops positions once it builds Python objects, so this module composes the node tree
once and builds the values itself, remembering where each came from. Errors name the line.
"""

from __future__ import annotations

import difflib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import ProblemError

if TYPE_CHECKING:
    import yaml


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

    # The value at `path` read as a type, or ProblemError at its line saying what it was.
    def mapping(
        self, path: str, raw: object, required: set[str], optional: set[str] | None
    ) -> dict[str, object]:
        if not isinstance(raw, dict):
            raise self.error(path or "(top level)", f"expected a mapping, got {kind_of(raw)}")
        if optional is not None:
            # Unknown keys first: a misspelled required key is named as misspelled, not as
            # missing.
            allowed = required | optional
            for key in raw:
                if key not in allowed:
                    child = f"{path}.{key}" if path else key
                    close = closest(str(key), allowed)
                    meant = f"did you mean {close!r}? " if close else ""
                    raise self.error(
                        child,
                        f"unknown key ({meant}expected one of: {', '.join(sorted(allowed))})",
                    )
        for key in required:
            if key not in raw:
                raise self.error(path or "(top level)", f"missing required key {key!r}")
        return raw

    def sequence(self, path: str, raw: object) -> list[object]:
        if not isinstance(raw, list):
            raise self.error(path, f"expected a list, got {kind_of(raw)}")
        return raw

    def text(self, path: str, raw: object) -> str:
        if not isinstance(raw, str) or not raw.strip():
            raise self.error(path, f"expected text, got {kind_of(raw)}")
        return raw

    def number(self, path: str, raw: object, integer: bool = False) -> float:
        if (
            isinstance(raw, bool)
            or not isinstance(raw, int | float)
            or (integer and not isinstance(raw, int))
        ):
            wanted = "an integer" if integer else "a number"
            raise self.error(path, f"expected {wanted} > 0, got {kind_of(raw)}")
        if raw <= 0:
            raise self.error(path, f"expected a number > 0, got {raw}")
        return raw


def closest(key: str, known: set[str]) -> str | None:
    """The known key `key` most likely misspells (`chekcer`: checker), or one it shortens
    (`cs`: csharp); None when none is near."""
    close = difflib.get_close_matches(key, sorted(known), n=1)
    if close:
        return close[0]
    return next((name for name in sorted(known) if key and name.startswith(key)), None)


def load(path: Path, shown_as: str) -> Document:
    """Parse `path`; `shown_as` is how errors name the file. Raises ProblemError.

    A file parsed before is read back from a cache keyed by its content: importing PyYAML
    and parsing cost more than the rest of a grade's start-up."""
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise ProblemError(shown_as, None, "", "file not found") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ProblemError(shown_as, None, "", f"cannot be read: {error}") from None
    cached = _cache_file(raw)
    try:
        saved = json.loads(cached.read_bytes())
        return Document(shown_as, saved["data"], saved["lines"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    document = _parse(text, shown_as)
    _save(cached, document)
    return document


def _cache_file(raw: bytes) -> Path:
    from _blake2 import blake2b  # what hashlib.blake2b is, without OpenSSL's 5 ms import

    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(home) / "grader" / "yaml" / f"{blake2b(raw, digest_size=20).hexdigest()}.json"


def _save(cached: Path, document: Document) -> None:
    """Best effort, and only what JSON gives back unchanged (YAML also knows dates)."""
    stored = {"data": document.data, "lines": document.lines}
    try:
        text = json.dumps(stored)
        if json.loads(text) != stored:
            return
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(text, encoding="utf-8")
        partial.replace(cached)  # atomic: a reader never sees half a file
    except (OSError, TypeError, ValueError):
        pass


def _parse(text: str, shown_as: str) -> Document:
    import yaml

    try:  # libyaml's parser is several times faster where the wheel ships it
        from yaml import CSafeLoader as Loader
    except ImportError:  # pragma: no cover - depends on how PyYAML was built
        from yaml import SafeLoader as Loader  # type: ignore[assignment]
    loader = Loader(text)
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


def _build(
    node: yaml.Node,
    path: str,
    lines: dict[str, int],
    loader: yaml.SafeLoader | yaml.CSafeLoader,
    file: str,
) -> object:
    import yaml

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


def kind_of(raw: object) -> str:
    if raw is None:
        return "nothing"
    if isinstance(raw, str):
        return f'"{raw}"'
    return (
        f"{type(raw).__name__} {raw!r}" if not isinstance(raw, dict | list) else type(raw).__name__
    )
