"""Languages by id: the one registry. Add one: a module whose class meets `Language`
(base.py; `FunctionLanguage` where function problems call into it), and one line here;
every table of the grader is a view of the registered classes: file extensions, the self-
test, an image's packages, how errors read, the languages of problem packages (those with
`programs.contest`) and of Jobe (`programs.jobe`, by Jobe's names). A language's module is
imported when it is first asked for."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Final, cast

from ..registry import LazyRegistry
from ..sandbox.base import Runtime
from .base import Build, FunctionLanguage, Language, PlusOne

LANGUAGES: Final[LazyRegistry[Language]] = LazyRegistry(
    __name__,
    {
        "python": ".python:Python",
        "cpp": ".cpp:Cpp",
        "rust": ".rust:Rust",
        "java": ".java:Java",
        "csharp": ".csharp:CSharp",
        "c": ".c:C",
        "nodejs": ".nodejs:NodeJs",
        "php": ".php:Php",
        "octave": ".octave:Octave",
        "pascal": ".pascal:Pascal",
    },
)


class FunctionLanguages(Mapping[str, FunctionLanguage]):
    """The view of the registry function problems take: the languages they call into."""

    def __getitem__(self, language_id: str) -> FunctionLanguage:
        language = LANGUAGES[language_id]
        if not language.calls_functions:
            raise KeyError(language_id)
        return cast(FunctionLanguage, language)

    def __iter__(self) -> Iterator[str]:
        return (key for key, language in LANGUAGES.items() if language.calls_functions)

    def __len__(self) -> int:
        return sum(1 for _ in self)


FUNCTION_LANGUAGES: Final = FunctionLanguages()


def contest_languages() -> dict[str, Language]:
    """The view problem packages take: the languages a contest's judge builds."""
    return {key: language for key, language in LANGUAGES.items() if language.programs.contest}


def jobe_languages() -> dict[str, Language]:
    """The view a Jobe server offers, by Jobe's names of the languages (`python3`)."""
    return {
        language.programs.jobe.name: language
        for language in LANGUAGES.values()
        if language.programs.jobe is not None
    }


class Extensions(Mapping[str, str]):
    """File extension -> id of a language function problems take. A lookup asks them in
    the registry's order until one claims the extension, so grading a .py file imports no
    compiled language's module (a cold `grader grade` pays for what it uses)."""

    def __getitem__(self, extension: str) -> str:
        for language in FUNCTION_LANGUAGES.values():
            if extension in language.extensions:
                return language.id
        raise KeyError(extension)

    def __iter__(self) -> Iterator[str]:
        return (ext for language in FUNCTION_LANGUAGES.values() for ext in language.extensions)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def extensions() -> Extensions:
    """File extension -> language id, for every language function problems take."""
    return Extensions()


class RegisteredLanguages:
    """What the registered languages ask of a sandbox (sandbox.options.LanguageNeeds)."""

    def runtimes(self) -> tuple[Runtime, ...]:
        carried = (language.runtime() for language in FUNCTION_LANGUAGES.values())
        return tuple(runtime for runtime in carried if runtime is not None)

    def warm_sources(self) -> tuple[str, ...]:
        return tuple(
            source for language in FUNCTION_LANGUAGES.values() for source in language.warm_sources()
        )


NEEDS: Final = RegisteredLanguages()

__all__ = [
    "FUNCTION_LANGUAGES",
    "LANGUAGES",
    "NEEDS",
    "Build",
    "FunctionLanguage",
    "Language",
    "PlusOne",
    "contest_languages",
    "extensions",
    "jobe_languages",
]
