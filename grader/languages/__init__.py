"""Languages by id, with the file extensions that select them. Add one: a module, one line
here. A language's module is imported only when a submission in it is graded."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..registry import LazyRegistry

if TYPE_CHECKING:
    from .base import Build, Language

EXTENSIONS: Final[dict[str, tuple[str, ...]]] = {
    "python": (".py",),
    "cpp": (".cpp", ".cc", ".cxx"),
    "rust": (".rs",),
    "java": (".java",),
    "csharp": (".cs",),
}

LANGUAGES: Final[LazyRegistry[Language]] = LazyRegistry(
    __name__,
    {
        "python": ".python:Python",
        "cpp": ".cpp:Cpp",
        "rust": ".rust:Rust",
        "java": ".java:Java",
        "csharp": ".csharp:CSharp",
    },
)


def extensions() -> dict[str, str]:
    """File extension -> language id, for every registered language."""
    return {ext: language for language, found in EXTENSIONS.items() for ext in found}


__all__ = ["EXTENSIONS", "LANGUAGES", "Build", "Language", "extensions"]
