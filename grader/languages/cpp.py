"""C++ submissions: LeetCode's `class Solution { public: ... solveNQueens(int n); };`.

The harness supplies what LeetCode does (every standard header, `using namespace std;`) and a
driver with `main`; `#line` keeps the compiler's line numbers those of the student's file.
The binary is linked statically, so it runs in any sandbox without the host's libraries.
"""

from __future__ import annotations

import os
from typing import Final

from ..problem import VOID, Problem
from ..sandbox.base import Program, Sandbox
from ..submission import Submission
from .base import Build, PlusOne, Sanitized
from .compiled import (
    CompiledLanguage,
    CompileRecipe,
    Refusal,
    Unit,
    build_in_sandbox,
    driver_source,
)
from .cpp_hints import explained, newer_language
from .cpp_toolchain import (
    SANITIZED_LINK,
    SANITIZER_OPTIONS,
    c_library,
    clang,
    common_precompiled_header,
    compiler,
    dialect_name,
    driver_library,
    driver_library_object,
    driver_text,
    flags,
    known_sanitized_driver,
    known_sanitized_precompiled,
    linker,
    precompiled_header,
    sanitized_flags,
)
from .programs import Contest, JobeDefaults, PlainArgs, Programs, gcc_recipe, version_said
from .signatures import Spelling
from .toolcache import present

# The standard library's exceptions: a submission can declare a type in namespace std itself,
# so these are listed, not matched.
LIBRARY_EXCEPTIONS: Final = frozenset(
    f"std::{name}"
    for name in (
        "exception",
        "logic_error",
        "invalid_argument",
        "domain_error",
        "length_error",
        "out_of_range",
        "runtime_error",
        "range_error",
        "overflow_error",
        "underflow_error",
        "bad_alloc",
        "bad_cast",
        "bad_function_call",
        "bad_optional_access",
        "bad_variant_access",
        "bad_array_new_length",
    )
)
PRELUDE = "#include <bits/stdc++.h>\nusing namespace std;\n"
# LeetCode's node types, defined (as its pages comment them) where a problem uses one.
NODE_TYPES: Final = ("ListNode", "TreeNode")


class Cpp(CompiledLanguage):
    id = "cpp"
    name = "C++ (g++)"
    time_factor = 1.0
    extensions = (".cpp", ".cc", ".cxx", ".c++")
    calls_functions = True
    batches_calls = False  # its driver answers one call per request
    # Jobe's C++ is g++'s own dialect with every warning an error and no optimisation.
    programs = Programs(
        gcc_recipe("cpp", "g++"),
        version_said("g++", "g++", r"([0-9.]+)", "-dumpfullversion"),
        Contest(
            "C++ (g++ -O2 -std=gnu++20)",
            PlainArgs(compileargs=("-O2", "-std=gnu++20")),
            "#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n"
            "    ios::sync_with_stdio(false);\n    cin.tie(nullptr);\n    int n;\n"
            "    cin >> n;\n}\n",
        ),
        JobeDefaults("cpp", "prog.cpp", PlainArgs(compileargs=("-Wall", "-Werror"))),
        explained,
    )
    file_name = "solution.cpp"
    plus_one = PlusOne(
        "plusOne",
        "        \n",
        "        return n + 1;\n",
        "        vector<int> row(n);\n        row[n + 8] = 1;\n        return row[0];\n",
    )
    packages = (("g++", "g++"),)
    short_name = "C++"
    signature_shape = "class Solution {{ public: {}; }}"
    refusals = (
        Refusal(
            r"^\s*(?:int|signed|auto|void)\s+main\s*\([^)]*\)",
            "the judge has its own main(), which calls Solution::{entry} for every test; "
            "keep your test main in another file",
        ),
    )
    spelling = Spelling(
        "vector<{}>",
        {
            "int": "int",
            "long": "long long",
            "bool": "bool",
            "float": "double",
            "str": "string",
            "char": "char",
            "void": "void",
            "ListNode": "ListNode*",
            "TreeNode": "TreeNode*",
        },
        "{type} {name}",
        "{returns} {entry}({params})",
        "class Solution {{\npublic:\n    {method} {{\n        \n    }}\n}};\n",
        list_param="{}&",  # LeetCode's: `vector<vector<char>>& board`
    )

    def toolchain(self) -> tuple[str, str]:
        return compiler()

    def is_library_exception(self, name: str) -> bool:
        return name in LIBRARY_EXCEPTIONS

    def explained(self, build: Build) -> Build:
        if build.program is None:
            return Build(None, explained(build.compile_output))
        return build

    def dialect(self) -> str:
        return (
            f"GNU {dialect_name()} (g++ -O2); <bits/stdc++.h> included and `using namespace std;`"
        )

    def _driver(self, problem: Problem, entry: str, linked: bool) -> str:
        """The driver appended to the student's file: the call and main(), after the
        declarations (`linked`: the rest comes from the driver's object) or all of it."""
        # Locals, so that a parameter taken by reference (`vector<int>& cols`) binds too.
        locals_ = " ".join(
            f"auto arg{i} = From<{self.spelling.type(param.type, True)}>::get(args.at({i}));"
            for i, param in enumerate(problem.params)
        )
        arguments = ", ".join(f"arg{i}" for i in range(len(problem.params)))
        called = f"solution.{entry}({arguments})"
        if problem.returns == VOID:  # in place: the first argument, as the call left it
            called = f"({called}, arg0)"
        call = driver_source("driver.cpp", called, locals_)
        head = driver_text("driver.hpp") if linked else driver_library()
        return head + call

    def sanitized(
        self, submission: Submission, problem: Problem, sandbox: Sandbox
    ) -> Sanitized | None:
        unit = self.unit(submission, problem, sanitized=True)
        if isinstance(unit, Build):
            return None
        recipe = self.recipe(unit, problem, sanitized=True)
        built = build_in_sandbox(submission, sandbox, f"{self.id}-sanitized", unit, recipe)
        return Sanitized(built, unit.student_file)

    def unit_files(
        self, submission: Submission, problem: Problem, entry: str, student: str, sanitized: bool
    ) -> tuple[tuple[str, bytes], ...]:
        """The one file g++ compiles: the prelude, the student's file, the driver (its
        declarations only where the driver's object has the rest)."""
        library = _driver_object(sanitized)
        extra = SANITIZER_OPTIONS if sanitized and not library else ""
        driver = self._driver(problem, entry, library is not None) + extra
        used = {problem.returns, *(param.type for param in problem.params)}
        nodes = "".join(driver_text(f"{name}.hpp") for name in NODE_TYPES if name in used)
        source = (
            f'{PRELUDE}{nodes}#line 1 "{student}"\n'.encode()
            + submission.source
            + f'\n#line 1 "grader-driver.cpp"\n{driver}'.encode()
        )
        return (("main.cpp", source),)

    def recipe(self, unit: Unit, problem: Problem, sanitized: bool) -> CompileRecipe:
        return self._compiled_by(unit, sanitized, compiler())

    def build(self, submission: Submission, problem: Problem, sandbox: Sandbox) -> Build:
        """g++'s build, first against the common headers alone (most files need no more,
        and it loads in half the time); a file that does not build so is built against the
        whole <bits/stdc++.h>, whose answer stands. A file g++ refuses for a C++23 feature
        of the language that it lacks (deducing this) is built again with clang, which has
        it, where clang is installed: clang's build, or its own compile error, is the
        student's."""
        quick = self._common_build(submission, problem, sandbox)
        if quick is not None and quick.program is not None:
            return quick
        built = super().build(submission, problem, sandbox)
        found = clang()
        if built.program is not None or found is None or not newer_language(built.compile_output):
            return built
        unit = self.unit(submission, problem, sanitized=False)
        if isinstance(unit, Build):
            return built
        recipe = self._compiled_by(unit, False, found)
        return build_in_sandbox(submission, sandbox, f"{self.id}-clang", unit, recipe)

    def _common_build(
        self, submission: Submission, problem: Problem, sandbox: Sandbox
    ) -> Build | None:
        """The build against the common headers; None where they are not precompiled."""
        common = common_precompiled_header()
        unit = self.unit(submission, problem, sanitized=False)
        if common is None or isinstance(unit, Build):
            return None
        recipe = self._compiled_by(unit, False, compiler(), common)
        return self.explained(build_in_sandbox(submission, sandbox, self.id, unit, recipe))

    def _compiled_by(
        self, unit: Unit, sanitized: bool, tool: tuple[str, str], headers: str | None = None
    ) -> CompileRecipe:
        """How `unit` is compiled by `tool` (path, version): g++ uses the precompiled
        header made with its flags (`headers`: that folder's instead); clang reads the
        header itself."""
        library = _driver_object(sanitized)
        linked = (library,) if library else ()
        flags_used: tuple[str, ...]
        trees: tuple[str, ...]
        if sanitized:
            precompiled = known_sanitized_precompiled.checked(present)
            flags_used, trees = sanitized_flags(), c_library()
            # Linked to the host's C library: shown read-only, as an interpreter's is. The
            # sanitizers reserve terabytes of address space they never touch.
            run = Program(
                self.id,
                ("./program",),
                (),
                runtime_dirs=("/usr", *c_library()),
                limit_address_space=False,
            )
        else:
            precompiled = headers or (precompiled_header() if tool == compiler() else None)
            flags_used, trees = flags(), ()
            run = Program(self.id, ("./program",), ())
        include = ("-I", precompiled) if precompiled else ()
        link = SANITIZED_LINK if sanitized else ("-static",)
        compile_program = Program(
            self.id,
            (
                tool[0],
                *flags_used,
                *include,
                *link,
                *linker(),
                "-o",
                "out/program",
                "main.cpp",
                *linked,
            ),
            unit.files,
            runtime_dirs=(
                "/usr",
                *((precompiled,) if precompiled else ()),
                *trees,
                *map(os.path.dirname, linked),
            ),
        )
        key = f"{tool[1]} {' '.join(flags_used)} {library or 'driver compiled along'}"
        if headers:
            key += f" {headers}"  # another header: another build
        return CompileRecipe(
            compile_program, "program", key if sanitized else f"{key} {' '.join(linker())}", run
        )


def _driver_object(sanitized: bool) -> str | None:
    """The driver's prebuilt object for this build, or None (it is compiled along)."""
    if sanitized:
        return known_sanitized_driver.checked(present)
    return driver_library_object()


if __name__ == "__main__":  # set-up makes both: `python -m grader.languages.cpp`
    print(precompiled_header() or "no precompiled header (g++ missing or refused it)")
    print(common_precompiled_header() or "no precompiled common headers")
    print(driver_library_object() or "no driver object (the driver is compiled along)")
    # The rebuild a crash pays for (judge/crash_site.py) finds its own made too.
    print(known_sanitized_precompiled() or "no sanitized precompiled header")
    print(known_sanitized_driver() or "no sanitized driver object")
