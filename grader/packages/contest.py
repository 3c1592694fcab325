"""The languages of a problem package's programs (submissions, validators), built as a
contest's judge builds them: optimised, warnings only warnings, compiled programs linked
statically, Java's heap set to the memory limit (problemtools' languages.yaml is the model).
Each is one recipe; building is plain.run's, cached by what was built."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from ..languages.compiled import cached_build
from ..languages.toolcache import write_whole
from ..plain.languages import PLAIN_LANGUAGES, host_tool
from ..plain.python import python_recipe
from ..plain.run import CHECKED, NOTHING_SHOWN, Files, PlainArgs, PlainBuild, Recipe, build_plain
from ..sandbox.base import Program, Sandbox

ContestRecipe = Callable[[str, Files, int], Recipe]  # (main file, files, memory MiB)


def _gcc(language: str, compiler: str, standard: str) -> ContestRecipe:
    def recipe(name: str, files: Files, memory_mib: int) -> Recipe:
        sources = [file for file, _ in files if file.endswith(EXTENSIONS_OF[language])]
        argv = (
            host_tool(compiler),
            "-O2",
            f"-std={standard}",
            "-static",
            "-o",
            "out/prog",
            *sources,
            "-lm",
        )
        build = Program(language, argv, files, runtime_dirs=("/usr",))
        return Recipe(build, "prog", Program(language, ("./prog",), ()))

    return recipe


def _python(name: str, files: Files, memory_mib: int) -> Recipe:
    return python_recipe(name, files, PlainArgs(interpreterargs=("-BE",)), NOTHING_SHOWN)


def _java(name: str, files: Files, memory_mib: int) -> Recipe:
    flags = ("-Dfile.encoding=UTF-8", "-Xss64m", f"-Xmx{memory_mib}m")
    return PLAIN_LANGUAGES["java"].recipe(
        name, files, PlainArgs(interpreterargs=flags), NOTHING_SHOWN
    )


def _rust(name: str, files: Files, memory_mib: int) -> Recipe:
    from ..languages.rust import _toolchain

    rustc, sysroot, _ = _toolchain()
    # glibc linked in: the run needs no library of the host's.
    argv = (
        rustc,
        "-O",
        "--edition",
        "2021",
        "-C",
        "target-feature=+crt-static",
        "-o",
        "out/prog",
        name,
    )
    build = Program("rust", argv, files, runtime_dirs=(sysroot, "/usr"))
    return Recipe(build, "prog", Program("rust", ("./prog",), ()))


def _csharp(name: str, files: Files, memory_mib: int) -> Recipe:
    from ..languages.csharp import _mono

    mono, compiler, trees, _ = _mono()
    sources = [file for file, _ in files if file.endswith(".cs")]
    argv = (mono, compiler, "-optimize+", "-r:System.Numerics", "-out:out/prog.exe", *sources)
    build = Program("csharp", argv, files, runtime_dirs=trees, limit_address_space=False)
    run = Program("csharp", (mono, "--gc=sgen", "prog.exe"), (), trees, limit_address_space=False)
    return Recipe(build, "prog.exe", run)


@dataclass(frozen=True, slots=True)
class ContestLanguage:
    id: str
    name: str
    extensions: tuple[str, ...]
    recipe: ContestRecipe
    starter: str  # a program that reads its input and writes nothing yet
    packages: tuple[tuple[str, str], ...] = ()  # (command, Debian package) it builds with


CONTEST_LANGUAGES: Final[dict[str, ContestLanguage]] = {
    language.id: language
    for language in (
        ContestLanguage(
            "c",
            "C (gcc -O2 -std=gnu17)",
            (".c",),
            _gcc("c", "gcc", "gnu17"),
            "#include <stdio.h>\n\nint main(void) {\n    int n;\n"
            '    if (scanf("%d", &n) != 1) return 1;\n    return 0;\n}\n',
            (("gcc", "gcc"),),
        ),
        ContestLanguage(
            "cpp",
            "C++ (g++ -O2 -std=gnu++20)",
            (".cc", ".cpp", ".cxx", ".c++"),
            _gcc("cpp", "g++", "gnu++20"),
            "#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n"
            "    ios::sync_with_stdio(false);\n    cin.tie(nullptr);\n    int n;\n"
            "    cin >> n;\n}\n",
            (("g++", "g++"),),
        ),
        ContestLanguage(
            "java",
            "Java",
            (".java",),
            _java,
            "import java.util.*;\nimport java.io.*;\n\npublic class Main {\n"
            "    public static void main(String[] args) throws IOException {\n"
            "        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));\n"
            "        String line = in.readLine();\n    }\n}\n",
            (("javac", "default-jdk-headless"),),
        ),
        ContestLanguage(
            "python3",
            "Python 3",
            (".py", ".py3"),
            _python,
            "import sys\n\ndata = sys.stdin.read().split()\n",
        ),
        ContestLanguage(
            "rust",
            "Rust (rustc -O, 2021 edition)",
            (".rs",),
            _rust,
            "use std::io::Read;\n\nfn main() {\n    let mut input = String::new();\n"
            "    std::io::stdin().read_to_string(&mut input).unwrap();\n"
            "    let mut words = input.split_whitespace();\n}\n",
            (("rustc", "rustc"),),
        ),
        ContestLanguage(
            "csharp",
            "C# (Mono's mcs)",
            (".cs",),
            _csharp,
            "using System;\n\nclass Program {\n    static void Main() {\n"
            "        string line = Console.ReadLine();\n    }\n}\n",
            (("mcs", "mono-mcs"), ("mono", "mono-runtime")),
        ),
    )
}
EXTENSIONS_OF: Final = {key: language.extensions for key, language in CONTEST_LANGUAGES.items()}
EXTENSION_LANGUAGE: Final = {
    extension: language.id
    for language in CONTEST_LANGUAGES.values()
    for extension in language.extensions
}
PYTHON2: Final = re.compile(rb"#!.*python2\b")
JAVA_PUBLIC_CLASS: Final = re.compile(rb"\bpublic\s+(?:final\s+|abstract\s+)*class\s+(\w+)")
JAVA_MAIN_CLASS: Final = re.compile(rb"\bclass\s+(\w+)(?=[^{]*\{)")


def language_of(path: Path) -> str | None:
    """The contest language of a source file (by its extension), or a folder's (its files')."""
    if path.is_dir():
        found = {EXTENSION_LANGUAGE.get(file.suffix) for file in path.iterdir() if file.is_file()}
        found.discard(None)
        return found.pop() if len(found) == 1 else None
    if path.suffix == ".py" and PYTHON2.match(path.read_bytes()[:200]):
        return None  # Kattis runs these with Python 2, which Debian no longer has
    return EXTENSION_LANGUAGE.get(path.suffix)


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
    language: ContestLanguage,
    program: tuple[str, Files],
    memory_mib: int,
    compile_s: float,
) -> PlainBuild:
    """`program` (its main file, its files) built in the sandbox, or its cached build of the
    same files, ready to run; a failed build says why in `cmpinfo`."""
    from ..plain.run import COMPILE_LIMITS

    main, files = _java_named(*program)
    recipe = language.recipe(main, files, memory_mib)
    if recipe.compile is None:
        return PlainBuild(recipe.run)
    cached = cached_build(f"contest-{language.id}", "\0".join(recipe.compile.argv), files)
    try:
        artifact = cached.read_bytes()
    except OSError:
        limits = replace(COMPILE_LIMITS, time_s=compile_s, wall_s=2 * compile_s)
        built = build_plain(sandbox, recipe, limits, warnings_fail=False)
        if built.program is not None:  # a check that passed (Python's) is kept as empty
            made = b"" if recipe.artifact == CHECKED else dict(built.program.files)[recipe.artifact]
            write_whole(cached, made)
        return built
    run = recipe.run
    if recipe.artifact != CHECKED:
        run = replace(run, files=((recipe.artifact, artifact), *run.files))
    return PlainBuild(run)
