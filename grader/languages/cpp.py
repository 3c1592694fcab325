"""C++ submissions: LeetCode's `class Solution { public: ... solveNQueens(int n); };`.

The harness supplies what LeetCode does (every standard header, `using namespace std;`) and a
driver with `main`; `#line` keeps the compiler's line numbers those of the student's file.
The binary is linked statically, so it runs in any sandbox without the host's libraries.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from typing import Final

from ..problem import Problem
from ..sandbox.base import Program, Sandbox
from ..submission import Submission
from .base import Build, PlusOne
from .compiled import (
    DRIVERS,
    NESTED_TYPES,
    CompiledLanguage,
    Spelling,
    Unit,
    build_in_sandbox,
    driver_source,
    entry_point,
    line_count,
    missing_toolchain,
    refused,
    student_file_name,
    supported_params,
)
from .pch import driver_object, precompiled_folder
from .toolcache import per_path, present

# The standard library's exceptions: a submission can declare a type in namespace std itself,
# so these are listed, not matched.
LIBRARY_EXCEPTIONS: Final = frozenset(
    f"std::{name}"
    for name in (
        "exception", "logic_error", "invalid_argument", "domain_error", "length_error",
        "out_of_range", "runtime_error", "range_error", "overflow_error", "underflow_error",
        "bad_alloc", "bad_cast", "bad_function_call", "bad_optional_access",
        "bad_variant_access", "bad_array_new_length",
    )
)  # fmt: skip
PRELUDE = "#include <bits/stdc++.h>\nusing namespace std;\n"


@per_path
def _compiler() -> tuple[str, str]:
    """(path, version line) of g++, or SandboxUnavailable naming the package."""
    path = shutil.which("g++")
    if path is None:
        raise missing_toolchain("C++", "g++ (Debian/Ubuntu: apt-get install g++)", "no g++")
    version = subprocess.run(
        [path, "--version"], capture_output=True, text=True, check=False
    ).stdout.splitlines()
    return path, version[0] if version else "g++"


@per_path
def _linker() -> tuple[str, ...]:
    """gold where binutils has it: a static binary links in two thirds of ld's time (0.07 s
    against 0.10 s of a first build's 0.5 s)."""
    return ("-fuse-ld=gold",) if shutil.which("ld.gold") else ()


# What every build is compiled with, and so what the precompiled header is made with: g++
# uses it only where they match.
FLAGS = ("-std=gnu++17", "-O2", "-pipe")


@per_path
def _known_precompiled() -> str | None:
    return precompiled_folder(_compiler()[0], FLAGS)


@functools.cache
def _driver_text(name: str) -> str:
    """A driver file of the harness's own, read once (every build appends one)."""
    return (DRIVERS / name).read_text("utf-8")


def _driver_library() -> str:
    return _driver_text("driver.hpp") + _driver_text("driver_lib.cpp")


@per_path
def _known_driver_object() -> str | None:
    return driver_object(_compiler()[0], FLAGS, _driver_library())


def precompiled_header() -> str | None:
    """The precompiled header's folder, made again if the cache was emptied meanwhile."""
    return _known_precompiled.checked(present)


def driver_library_object() -> str | None:
    """The driver's submission-independent half, compiled; None where it cannot be made."""
    return _known_driver_object.checked(present)


class Cpp(CompiledLanguage):
    id = "cpp"
    name = "C++17 (g++)"
    time_factor = 1.0
    extensions = (".cpp", ".cc", ".cxx")
    file_name = "solution.cpp"
    plus_one = PlusOne("plusOne", "        \n", "        return n + 1;\n")
    packages = (("g++", "g++"),)
    spelling = Spelling(
        "vector<{}>",
        {"int": "int", "str": "string", "bool": "bool"},
        "{type} {name}",
        "{returns} {entry}({params})",
        "class Solution {{\npublic:\n    {method} {{\n        \n    }}\n}};\n",
    )

    def toolchain(self) -> tuple[str, str]:
        return _compiler()

    def is_library_exception(self, name: str) -> bool:
        return name in LIBRARY_EXCEPTIONS

    def dialect(self) -> str:
        return "GNU C++17 (g++ -O2); <bits/stdc++.h> included and `using namespace std;`"

    def _driver(self, problem: Problem, entry: str, linked: bool) -> str:
        """The driver appended to the student's file: the call and main(), after the
        declarations (`linked`: the rest comes from the driver's object) or all of it."""
        # Locals, so that a parameter taken by reference (`vector<int>& cols`) binds too.
        locals_ = " ".join(
            f"auto arg{i} = From<{self.spelling.type(param.type, True)}>::get(args.at({i}));"
            for i, param in enumerate(problem.params)
        )
        arguments = ", ".join(f"arg{i}" for i in range(len(problem.params)))
        call = driver_source("driver.cpp", f"solution.{entry}({arguments})", locals_)
        head = _driver_text("driver.hpp") if linked else _driver_library()
        return head + call

    def build(self, submission: Submission, problem: Problem, sandbox: Sandbox) -> Build:
        compiler, version = _compiler()
        entry = entry_point(problem, self.id, submission.source)
        supported_params(problem, "C++", NESTED_TYPES)
        student = student_file_name(submission, ".cpp", "solution.cpp")
        own_main = refused(
            submission.source,
            student,
            r"^\s*(?:int|signed|auto|void)\s+main\s*\([^)]*\)",
            f"the judge has its own main(), which calls Solution::{entry} for every test; "
            "keep your test main in another file",
        )
        if own_main:
            return own_main
        library = driver_library_object()
        driver = self._driver(problem, entry, library is not None)
        source = (
            f'{PRELUDE}#line 1 "{student}"\n'.encode()
            + submission.source
            + f'\n#line 1 "grader-driver.cpp"\n{driver}'.encode()
        )
        unit = Unit(
            (("main.cpp", source),),
            student,
            line_count(submission.source),
            f"class Solution {{ public: {self.spelling.signature(problem, entry)}; }}",
        )
        precompiled = precompiled_header()
        include = ("-I", precompiled) if precompiled else ()
        compile_program = Program(
            self.id,
            (
                compiler,
                *FLAGS,
                *include,
                "-static",
                *_linker(),
                "-o",
                "out/program",
                "main.cpp",
                *((library,) if library else ()),
            ),  # fmt: skip
            unit.files,
            runtime_dirs=(
                "/usr",
                *((precompiled,) if precompiled else ()),
                *((os.path.dirname(library),) if library else ()),
            ),
        )
        return build_in_sandbox(
            submission,
            sandbox,
            self.id,
            unit,
            compile_program,
            "program",
            f"{version} {library or 'driver compiled along'} {' '.join(_linker())}",
            Program(self.id, ("./program",), ()),
        )


if __name__ == "__main__":  # set-up makes both: `python -m grader.languages.cpp`
    print(precompiled_header() or "no precompiled header (g++ missing or refused it)")
    print(driver_library_object() or "no driver object (the driver is compiled along)")
