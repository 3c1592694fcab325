"""A problem package's programs (submissions, validators) built as a contest's judge builds
them: each language's recipe (grader/languages/) with its contest flags (`programs.contest`),
warnings only warnings, cached by what was built. The languages a package takes are the
registry's contest view."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Final

from ..languages import contest_languages
from ..languages.base import Language
from ..languages.build_cache import cached_build, kept, taken
from ..languages.programs import CHECKED, NOTHING_SHOWN, Files, PlainArgs, Recipe
from ..plain.run import COMPILE_LIMITS, PlainBuild, build_plain
from ..sandbox.base import Program, Sandbox


def contest_extensions() -> dict[str, str]:
    """File extension -> id of a language problem packages take."""
    return {
        extension: language.id
        for language in contest_languages().values()
        for extension in language.extensions
    }


def format_code(language: Language) -> str:
    """The package format's code of a contest language (`python3`, `cpp`)."""
    contest = language.programs.contest
    return (contest.code if contest is not None else "") or language.id


PYTHON2: Final = re.compile(rb"#!.*python2\b")
JAVA_PUBLIC_CLASS: Final = re.compile(rb"\bpublic\s+(?:final\s+|abstract\s+)*class\s+(\w+)")
JAVA_MAIN_CLASS: Final = re.compile(rb"\bclass\s+(\w+)(?=[^{]*\{)")


def language_of(path: Path) -> str | None:
    """The contest language of a source file (by its extension), or a folder's (its files')."""
    if path.is_dir():
        known = contest_extensions()
        found = {known.get(file.suffix) for file in path.iterdir() if file.is_file()}
        found.discard(None)
        return found.pop() if len(found) == 1 else None
    if path.suffix == ".py" and PYTHON2.match(path.read_bytes()[:200]):
        return None  # Kattis runs these with Python 2, which Debian no longer has
    return contest_extensions().get(path.suffix)


def program_files(path: Path) -> tuple[str, Files]:
    """(main file, files) of a program that is one file or a folder of them."""
    if path.is_dir():
        files = tuple((f.name, f.read_bytes()) for f in sorted(path.iterdir()) if f.is_file())
        return (files[0][0] if files else path.name), files
    return path.name, ((path.name, path.read_bytes()),)


def _java_named(main: str, files: Files) -> tuple[str, Files]:
    """One Java file named after its public class (or its main's), as javac wants: Kattis
    takes `hello.java` holding `public class Hello`."""
    if not main.endswith(".java") or len(files) != 1:
        return main, files
    source = files[0][1]
    public = JAVA_PUBLIC_CLASS.search(source)
    classes = JAVA_MAIN_CLASS.findall(source.split(b"static void main")[0])
    chosen = public[1] if public else (classes[-1] if classes else None)
    if chosen is None:
        return main, files
    named = chosen.decode() + ".java"
    return named, ((named, source),)


def build_program(
    sandbox: Sandbox,
    language: Language,
    program: tuple[str, Files],
    memory_mib: int,
    compile_s: float,
) -> PlainBuild:
    """`program` (its main file, its files) built in the sandbox, or its cached build of the
    same files, ready to run; a failed build says why in `cmpinfo`."""
    contest = language.programs.contest
    if contest is None:
        raise KeyError(language.id)  # the contest view holds it: a caller's mistake
    main, files = _java_named(*program)
    named = [name for name, _ in files if _is_source(language, name)]
    sources = tuple(sorted(named, key=lambda name: name != main))  # the main file first
    recipe = language.programs.recipe(
        sources, files, _with_memory(contest.args, memory_mib), NOTHING_SHOWN
    )
    return _built(sandbox, recipe, files, f"contest-{language.id}", compile_s)


# The format's other programs (validators) may bring their own `build` and `run` scripts: the
# build runs in a copy of the folder, and the folder it leaves is the program, `run` its
# entry. The folder is handed back as one tar file (of its entries, not of itself: a run may
# not touch its work directory) and unpacked before each run.
SCRIPTED_BUILD: Final = (
    '[ ! -f build ] || sh ./build || exit 1; [ -f run ] || { echo "no run script" >&2; exit 1; }; '
    "tar -cf out/program.tar --exclude=./out ./*"
)
SCRIPTED_RUN: Final = 'tar -xmf program.tar --no-overwrite-dir && chmod +x run && exec ./run "$@"'


def is_scripted(path: Path) -> bool:
    """A program folder with its own `build` or `run` script."""
    return path.is_dir() and ((path / "build").is_file() or (path / "run").is_file())


def build_scripted(sandbox: Sandbox, files: Files, compile_s: float) -> PlainBuild:
    """A folder with its own `build`/`run` scripts built by them (cached by its files)."""
    shell = _shell()
    recipe = Recipe(
        Program("scripted", (shell, "-c", SCRIPTED_BUILD), files, runtime_dirs=("/usr",)),
        "program.tar",
        Program("scripted", (shell, "-c", SCRIPTED_RUN, "run"), (), runtime_dirs=("/usr",)),
    )
    return _built(sandbox, recipe, files, "contest-scripted", compile_s)


def _built(
    sandbox: Sandbox, recipe: Recipe, files: Files, kind: str, compile_s: float
) -> PlainBuild:
    if recipe.compile is None:
        return PlainBuild(recipe.run)
    cached = cached_build(kind, "\0".join(recipe.compile.argv), files)
    artifact = taken(cached)
    if artifact is None:
        limits = replace(COMPILE_LIMITS, time_s=compile_s, wall_s=2 * compile_s)
        built = build_plain(sandbox, recipe, limits, warnings_fail=False)
        if built.program is not None:  # a check that passed (Python's) is kept as empty
            made = b"" if recipe.artifact == CHECKED else dict(built.program.files)[recipe.artifact]
            kept(cached, made)
        return built
    run = recipe.run
    if recipe.artifact != CHECKED:
        run = replace(run, files=((recipe.artifact, artifact), *run.files))
    return PlainBuild(run)


def _shell() -> str:
    from ..sandbox.preparation import shell

    return shell()


def _is_source(language: Language, name: str) -> bool:
    return any(name.endswith(extension) for extension in language.extensions)


def _with_memory(args: PlainArgs, memory_mib: int) -> PlainArgs:
    """The contest flags with the problem's memory limit where they name it (a heap)."""
    return PlainArgs(
        *(
            tuple(word.replace("{memory_mib}", str(memory_mib)) for word in getattr(args, which))
            for which in ("compileargs", "linkargs", "interpreterargs", "runargs")
        )
    )
