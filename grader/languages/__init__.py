"""Languages by id. Add one: a module whose class meets `Language` (base.py), and one line
here; every table of the grader (file extensions, the self-test, an image's packages, how
errors read, Jobe's language list) is read from the registered classes. A language's module
is imported when it is first asked for."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final

from ..registry import LazyRegistry
from ..sandbox.base import Runtime
from .base import Build, Language, PlusOne

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


class Extensions(Mapping[str, str]):
    """File extension -> language id. A lookup asks the registered languages in the
    registry's order until one claims the extension, so grading a .py file imports no
    compiled language's module (a cold `grader grade` pays for what it uses)."""

    def __getitem__(self, extension: str) -> str:
        for language in LANGUAGES.values():
            if extension in language.extensions:
                return language.id
        raise KeyError(extension)

    def __iter__(self) -> Iterator[str]:
        return (ext for language in LANGUAGES.values() for ext in language.extensions)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def extensions() -> Extensions:
    """File extension -> language id, for every registered language."""
    return Extensions()


class RegisteredLanguages:
    """What the registered languages ask of a sandbox (sandbox.options.LanguageNeeds)."""

    def runtimes(self) -> tuple[Runtime, ...]:
        carried = (language.runtime() for language in LANGUAGES.values())
        return tuple(runtime for runtime in carried if runtime is not None)

    def warm_sources(self) -> tuple[str, ...]:
        warm = (language.warm_source() for language in LANGUAGES.values())
        return tuple(source for source in warm if source)


NEEDS: Final = RegisteredLanguages()

__all__ = ["LANGUAGES", "NEEDS", "Build", "Language", "PlusOne", "extensions"]
