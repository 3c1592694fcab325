"""Languages by id. Add one: a module, one line here."""

from __future__ import annotations

from typing import Final

from .base import Build, Language
from .cpp import Cpp
from .csharp import CSharp
from .java import Java
from .python import Python
from .rust import Rust

LANGUAGES: Final[dict[str, Language]] = {
    "python": Python(),
    "cpp": Cpp(),
    "rust": Rust(),
    "java": Java(),
    "csharp": CSharp(),
}


def extensions() -> dict[str, str]:
    """File extension -> language id, for every registered language."""
    return {ext: lang.id for lang in LANGUAGES.values() for ext in lang.extensions}


__all__ = ["LANGUAGES", "Build", "Language", "extensions"]
