"""C# submissions: `public class Solution { public IList<IList<int>> SolveNQueens(int n) }`,
built with Mono's `mcs` (Debian: mono-mcs) and run with `mono`.

`System`, `System.Linq` and `System.Collections.Generic` are imported for the student on their
file's first line, so the compiler's line numbers stay theirs; the driver is a second file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Final

from ..problem import Problem
from ..sandbox.base import Program
from ..submission import Submission
from .base import Build, PlusOne
from .compiled import (
    CompiledLanguage,
    CompileRecipe,
    Refusal,
    Unit,
    driver_source,
    missing_toolchain,
)
from .csharp_mono import CSHARP_LEVEL, LANGUAGE_VERSION, miscompiled
from .csharp_mono import explained as mono_explained
from .programs import Contest, Files, PlainArgs, Programs, Recipe
from .signatures import Spelling, node_files, typed_call
from .toolcache import per_path

# LeetCode's C# usings, on the student's first line so that mcs's line numbers stay theirs.
USINGS = (
    "using System; using System.Collections; using System.Collections.Generic; "
    "using System.Linq; using System.Text; "
)
HINT = "Mono's C# compiler (Debian/Ubuntu: apt-get install mono-mcs)"


@per_path
def _mono() -> tuple[str, str, tuple[str, ...], str]:
    """(mono, the compiler's assembly, the host trees they need, version). `mcs` itself is a
    shell script, and a container has no /bin/sh: mono runs mcs.exe directly."""
    mono = shutil.which("mono")
    if mono is None or shutil.which("mcs") is None:
        raise missing_toolchain("C#", HINT, "no mono" if mono is None else "no mcs")
    mono = os.path.realpath(mono)
    compiler = os.path.join(os.path.dirname(os.path.dirname(mono)), "lib/mono/4.5/mcs.exe")
    if not os.path.exists(compiler):
        raise missing_toolchain("C#", HINT, f"no {compiler}")
    trees = ("/usr", *(path for path in ("/etc/mono",) if os.path.isdir(path)))
    version = subprocess.run(
        [mono, compiler, "--version"], capture_output=True, text=True, check=False
    )
    return mono, compiler, trees, version.stdout.strip()


# What the judge supplies itself, with why a file must leave it out.
REFUSED: Final = (
    Refusal(
        r"^\s*(?:public\s+|private\s+|internal\s+)?static\s+(?:void|int|async\s+\w+)\s+Main\s*\(",
        "the judge has its own Main, which calls Solution.{entry} for every test; "
        "keep your test Main in another file",
    ),
    Refusal(
        r"^\s*namespace\s+[\w.]+\s*[;{]?",
        "the judge calls the Solution class in no namespace, as LeetCode does",
    ),
)


# The base library's common exceptions: a submission can declare a type in namespace System
# itself, so these are listed, not matched.
LIBRARY_EXCEPTIONS: Final = frozenset(
    f"System.{name}"
    for name in (
        "Exception",
        "SystemException",
        "IndexOutOfRangeException",
        "ArgumentException",
        "ArgumentOutOfRangeException",
        "ArgumentNullException",
        "NullReferenceException",
        "InvalidOperationException",
        "DivideByZeroException",
        "OverflowException",
        "ArithmeticException",
        "InvalidCastException",
        "FormatException",
        "NotImplementedException",
        "NotSupportedException",
        "OutOfMemoryException",
        "StackOverflowException",
        "Collections.Generic.KeyNotFoundException",
    )
)


def _program_recipe(sources: tuple[str, ...], files: Files, args: PlainArgs) -> Recipe:
    mono, compiler, trees, _ = _mono()
    argv = (mono, compiler, *args.words("compileargs"), "-out:out/prog.exe", *sources)
    build = Program("csharp", argv, files, runtime_dirs=trees, limit_address_space=False)
    running = (mono, "--gc=sgen", "prog.exe", *args.words("runargs"))
    run = Program("csharp", running, (), trees, limit_address_space=False)
    return Recipe(build, "prog.exe", run)


class CSharp(CompiledLanguage):
    id = "csharp"
    name = "C# (Mono)"
    time_factor = 1.5  # JIT compiles each method on its first call
    extensions = (".cs",)
    file_name = "Solution.cs"
    plus_one = PlusOne("PlusOne", "        \n", "        return n + 1;\n")
    packages = (("mcs", "mono-mcs"), ("mono", "mono-runtime"))
    calls_functions = True
    batches_calls = False  # its driver answers one call per request
    programs = Programs(
        lambda sources, files, args, host: _program_recipe(sources, files, args),
        lambda: _mono()[3],
        Contest(
            "C# (Mono's mcs)",
            PlainArgs(compileargs=("-optimize+", "-r:System.Numerics")),
            "using System;\n\nclass Program {\n    static void Main() {\n"
            "        string line = Console.ReadLine();\n    }\n}\n",
        ),
        explained=mono_explained,
        refused=miscompiled,
    )
    short_name = "C#"
    methods_in_class = True
    line_one_prefix = USINGS
    signature_shape = "public class Solution {{ {} }}"
    refusals = REFUSED
    spelling = Spelling(
        "IList<{}>",
        {
            "int": "int",
            "long": "long",
            "bool": "bool",
            "float": "double",
            "str": "string",
            "char": "char",
            "void": "void",
            "ListNode": "ListNode",
            "TreeNode": "TreeNode",
        },
        "{type} {name}",
        "public {returns} {entry}({params})",
        "public class Solution {{\n    {method} {{\n        \n    }}\n}}\n",
        param_sequence="{}[]",  # LeetCode's C# takes arrays, returns ILists
    )

    def toolchain(self) -> tuple[str, str, tuple[str, ...], str]:
        return _mono()

    def is_library_exception(self, name: str) -> bool:
        return name in LIBRARY_EXCEPTIONS

    def dialect(self) -> str:
        imported = USINGS.replace("using ", "").replace(";", ",").strip(" ,")
        return f"{CSHARP_LEVEL}; using: {imported}"

    def unit_files(
        self, submission: Submission, problem: Problem, entry: str, student: str, sanitized: bool
    ) -> tuple[tuple[str, bytes], ...]:
        setup, call = typed_call(problem, entry, self.spelling, 'Arg(args[{i}], "{kind}")', {})
        return (
            (student, USINGS.encode() + submission.source),
            ("GraderMain.cs", driver_source("GraderMain.cs", call, setup).encode()),
            *node_files(problem, "cs"),
        )

    def recipe(self, unit: Unit, problem: Problem, sanitized: bool) -> CompileRecipe:
        mono, compiler, trees, version = _mono()
        compile_program = Program(
            self.id,
            (
                mono,
                compiler,
                "-nowarn:0105",
                f"-langversion:{LANGUAGE_VERSION}",
                "-optimize+",
                "-out:out/program.exe",
                *(name for name, _ in unit.files),
            ),
            unit.files,
            runtime_dirs=trees,
            limit_address_space=False,
        )
        run = Program(
            self.id,
            (mono, "--gc=sgen", "program.exe"),
            (),
            runtime_dirs=trees,
            limit_address_space=False,
        )
        return CompileRecipe(compile_program, "program.exe", version, run)

    def explained(self, build: Build) -> Build:
        if build.program is None:
            return Build(None, mono_explained(build.compile_output))
        return build

    def unit(self, submission: Submission, problem: Problem, sanitized: bool) -> Unit | Build:
        wrong = miscompiled(submission.source, submission.path.name)
        return Build(None, wrong) if wrong else super().unit(submission, problem, sanitized)
