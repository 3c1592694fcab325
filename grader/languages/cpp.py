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
from .base import Build, PlusOne, Sanitized
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
# The rebuild that names a crash's line and fault (judge/crash_site.py): AddressSanitizer,
# UndefinedBehaviorSanitizer stopping at the first fault, libstdc++'s debug mode (every
# container access checked, vector<bool>'s bits too, which ASan cannot see), line tables.
# Their runtimes are linked in: the binary needs only the C library, which every backend
# shows (a sanitized binary cannot be static).
SANITIZED_FLAGS = (
    "-std=gnu++17", "-O1", "-g", "-fno-omit-frame-pointer", "-pipe",
    "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-D_GLIBCXX_DEBUG",
)  # fmt: skip
SANITIZED_LINK = ("-static-libasan", "-static-libubsan", "-static-libstdc++", "-static-libgcc")
# Leak checking needs ptrace, which no sandbox allows; an abort (a failed libstdc++ check)
# shows its stack; the quarantine of freed memory stays small under a test's memory limit.
SANITIZER_OPTIONS = (
    '\nextern "C" const char *__asan_default_options() {\n'
    '    return "detect_leaks=0:handle_abort=1:quarantine_size_mb=16:malloc_context_size=4";\n'
    "}\n"
)


@per_path
def _c_library() -> tuple[str, ...]:
    """Where the linker and the loader look for the C library (`/lib/x86_64-linux-gnu`).
    An image keeps only the libraries its Python needs there; a sanitized build links and
    runs against the host's, shown over them."""
    multiarch = subprocess.run(
        [_compiler()[0], "-print-multiarch"], capture_output=True, text=True, check=False
    ).stdout.strip()
    folder = f"/lib/{multiarch}"
    return (folder,) if multiarch and os.path.isdir(folder) else ()


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


@per_path
def _known_sanitized_precompiled() -> str | None:
    return precompiled_folder(_compiler()[0], SANITIZED_FLAGS)


@per_path
def _known_sanitized_driver() -> str | None:
    return driver_object(_compiler()[0], SANITIZED_FLAGS, _driver_library() + SANITIZER_OPTIONS)


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
    plus_one = PlusOne(
        "plusOne",
        "        \n",
        "        return n + 1;\n",
        "        vector<int> row(n);\n        row[n + 8] = 1;\n        return row[0];\n",
    )
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
        library = driver_library_object()
        made = self._unit(submission, problem, library)
        if isinstance(made, Build):
            return made
        precompiled = precompiled_header()
        include = ("-I", precompiled) if precompiled else ()
        compile_program = self._compile(
            made, (*FLAGS, *include, "-static"), library, (precompiled,) if precompiled else ()
        )
        version = _compiler()[1]
        return build_in_sandbox(
            submission,
            sandbox,
            self.id,
            made,
            compile_program,
            "program",
            f"{version} {' '.join(FLAGS)} {library or 'driver compiled along'} "
            f"{' '.join(_linker())}",
            Program(self.id, ("./program",), ()),
        )

    def sanitized(
        self, submission: Submission, problem: Problem, sandbox: Sandbox
    ) -> Sanitized | None:
        library = _known_sanitized_driver.checked(present)
        made = self._unit(submission, problem, library, "" if library else SANITIZER_OPTIONS)
        if isinstance(made, Build):
            return None
        precompiled = _known_sanitized_precompiled.checked(present)
        include = ("-I", precompiled) if precompiled else ()
        compile_program = self._compile(
            made,
            (*SANITIZED_FLAGS, *include, *SANITIZED_LINK),
            library,
            (*((precompiled,) if precompiled else ()), *_c_library()),
        )
        built = build_in_sandbox(
            submission,
            sandbox,
            f"{self.id}-sanitized",
            made,
            compile_program,
            "program",
            f"{_compiler()[1]} {' '.join(SANITIZED_FLAGS)} {library or 'driver compiled along'}",
            # Linked to the host's C library: shown read-only, as an interpreter's is. The
            # sanitizers reserve terabytes of address space they never touch.
            Program(
                self.id,
                ("./program",),
                (),
                runtime_dirs=("/usr", *_c_library()),
                limit_address_space=False,
            ),
        )
        return Sanitized(built, made.student_file)

    def _unit(
        self, submission: Submission, problem: Problem, library: str | None, extra: str = ""
    ) -> Unit | Build:
        """The one file g++ compiles: the prelude, the student's file, the driver (its
        declarations only where `library` has the rest); or the refusal of the file."""
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
        driver = self._driver(problem, entry, library is not None) + extra
        source = (
            f'{PRELUDE}#line 1 "{student}"\n'.encode()
            + submission.source
            + f'\n#line 1 "grader-driver.cpp"\n{driver}'.encode()
        )
        return Unit(
            (("main.cpp", source),),
            student,
            line_count(submission.source),
            f"class Solution {{ public: {self.spelling.signature(problem, entry)}; }}",
        )

    def _compile(
        self, unit: Unit, flags: tuple[str, ...], library: str | None, trees: tuple[str, ...]
    ) -> Program:
        linked = (library,) if library else ()
        return Program(
            self.id,
            (_compiler()[0], *flags, *_linker(), "-o", "out/program", "main.cpp", *linked),
            unit.files,
            runtime_dirs=("/usr", *trees, *map(os.path.dirname, linked)),
        )


if __name__ == "__main__":  # set-up makes both: `python -m grader.languages.cpp`
    print(precompiled_header() or "no precompiled header (g++ missing or refused it)")
    print(driver_library_object() or "no driver object (the driver is compiled along)")
    # The rebuild a crash pays for (judge/crash_site.py) finds its own made too.
    print(_known_sanitized_precompiled() or "no sanitized precompiled header")
    print(_known_sanitized_driver() or "no sanitized driver object")
