"""Rust submissions: the lesson's `impl Solution { fn solve_n_queens(n: i32) -> Vec<Vec<i32>> }`,
with or without `pub`, with no `struct` and no `main` (the harness supplies both).

The driver is appended after the student's file, so rustc's line numbers are the student's
own; the binary is linked statically (crt-static) and runs in any sandbox.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Final

from ..problem import VOID, Problem
from ..sandbox.base import Program
from ..submission import Submission
from .base import Build, PlusOne
from .compiled import (
    DRIVERS,
    CompiledLanguage,
    CompileRecipe,
    Refusal,
    Unit,
    driver_source,
    missing_toolchain,
)
from .programs import Contest, Files, PlainArgs, Programs, Recipe
from .signatures import Spelling
from .toolcache import cached_folder, made_once, per_path, present

HINT = "rustc (Debian/Ubuntu: apt-get install rustc, or rustup)"


@per_path
def _toolchain() -> tuple[str, str, str]:
    """(rustc inside its sysroot, the sysroot, version): rustup's proxy would need ~/.rustup
    settings inside the sandbox, the toolchain's own binary needs only its tree."""
    proxy = shutil.which("rustc")
    if proxy is None:
        raise missing_toolchain("Rust", HINT, "no rustc")
    asked = subprocess.run(
        [proxy, "--print", "sysroot"], capture_output=True, text=True, check=False
    )
    sysroot = asked.stdout.strip()
    rustc = Path(sysroot) / "bin" / "rustc"
    if asked.returncode != 0 or not rustc.exists():
        raise missing_toolchain(
            "Rust", HINT, f"rustc has no usable sysroot ({asked.stderr.strip()})"
        )
    version = subprocess.run(
        [str(rustc), "--version"], capture_output=True, text=True, check=False
    ).stdout.strip()
    return str(rustc), sysroot, version


# What every build is compiled with, the driver's library too (a library links into a build
# of the same flags). The standard library's debug info is not linked in: nobody debugs the
# binary, and lld writes it for a fifth of the link.
FLAGS = ("--edition=2021", "-O", "-C", "target-feature=+crt-static", "-C", "strip=debuginfo")


def _driver_library_source() -> str:
    return (DRIVERS / "driver_lib.rs").read_text(encoding="utf-8")


@per_path
def _known_driver_library() -> str | None:
    rustc, sysroot, version = _toolchain()
    source = _driver_library_source()
    folder = cached_folder("rust-driver", rustc, version, *FLAGS, source)

    def steps(scratch: Path) -> list[list[str]]:
        (scratch / "driver_lib.rs").write_text(source, encoding="utf-8")
        return [
            [
                rustc,
                *FLAGS,
                "--crate-type=rlib",
                "--crate-name",
                "grader_driver",
                "-o",
                "libgrader_driver.rlib",
                "driver_lib.rs",
            ]
        ]

    made = made_once(folder, ("libgrader_driver.rlib",), steps)
    return str(folder / "libgrader_driver.rlib") if made else None


def driver_library() -> str | None:
    """The driver's submission-independent half (driver_lib.rs) as a library, made once per
    rustc: 0.45 s of -O that every first build would otherwise pay again. None where it
    cannot be made (the build then compiles it along, as a module)."""
    return _known_driver_library.checked(present)


# rustc's suggestion of an import for a name it cannot find: `+ use std::collections::HashMap;`.
SUGGESTED_USE: Final = re.compile(r"^\s*\d*\s*\+\s*(use std::[\w:]+;)", re.MULTILINE)


def missing_uses(said: str) -> str:
    """rustc's words, with a first line that names the `use` lines it suggests: a file
    from LeetCode often leans on what LeetCode's page puts in scope for it."""
    uses = list(dict.fromkeys(SUGGESTED_USE.findall(said)))
    if not uses:
        return said
    return f"add at the top of your file: {' '.join(uses)} (rustc's reason follows)\n{said}"


def _program_recipe(sources: tuple[str, ...], files: Files, args: PlainArgs) -> Recipe:
    rustc, sysroot, _ = _toolchain()
    argv = (rustc, *args.words("compileargs"), "-o", "out/prog", sources[0])
    build = Program("rust", argv, files, runtime_dirs=(sysroot, "/usr"))
    return Recipe(build, "prog", Program("rust", ("./prog", *args.words("runargs")), ()))


class Rust(CompiledLanguage):
    id = "rust"
    name = "Rust (rustc)"
    time_factor = 1.0
    extensions = (".rs",)
    file_name = "solution.rs"
    plus_one = PlusOne("plus_one", "        \n", "        n + 1\n")
    packages = (("rustc", "rustc"),)
    calls_functions = True
    batches_calls = False  # its driver answers one call per request
    programs = Programs(
        lambda sources, files, args, host: _program_recipe(sources, files, args),
        lambda: _toolchain()[2],
        Contest(
            "Rust (rustc -O, 2021 edition)",
            # glibc linked in: the run needs no library of the host's.
            PlainArgs(compileargs=("-O", "--edition 2021", "-C target-feature=+crt-static")),
            "use std::io::Read;\n\nfn main() {\n    let mut input = String::new();\n"
            "    std::io::stdin().read_to_string(&mut input).unwrap();\n"
            "    let mut words = input.split_whitespace();\n}\n",
        ),
        explained=missing_uses,
    )
    short_name = "Rust"
    signature_shape = "impl Solution {{ {} }}"
    refusals = (
        Refusal(
            r"^\s*(?:pub\s+)?fn\s+main\s*\(\s*\)",
            "the judge has its own main(), which calls Solution::{entry} for every test; "
            "keep your test main in another file, or under #[cfg(test)]",
        ),
    )
    spelling = Spelling(
        "Vec<{}>",
        {
            "int": "i32",
            "long": "i64",
            "bool": "bool",
            "float": "f64",
            "str": "String",
            "char": "char",
            "void": "()",
            "ListNode": "Option<Box<ListNode>>",
            "TreeNode": "Option<Rc<RefCell<TreeNode>>>",
        },
        "{name}: {type}",
        "fn {entry}({params}) -> {returns}",
        "impl Solution {{\n    pub {method} {{\n        \n    }}\n}}\n",
        in_place="&mut {}",
        preamble={"TreeNode": "use std::cell::RefCell;\nuse std::rc::Rc;\n\n"},
        snake_case_params=True,
    )

    def toolchain(self) -> tuple[str, str, str]:
        return _toolchain()

    def explained(self, build: Build) -> Build:
        if build.program is None:
            return Build(None, missing_uses(build.compile_output))
        return build

    def dialect(self) -> str:
        return (
            "Rust 2021 edition (rustc -O), the standard library only; `struct Solution;` supplied"
        )

    def _call(self, problem: Problem, entry: str) -> str:
        """The entry point called with the request's arguments, each converted from JSON; a
        `void` problem's value is its first argument, as the call left it; a ListNode's, its
        values (the trait impls an Option<Box<ListNode>> would need are not this crate's)."""
        made = {"ListNode": "grader_list_node", "TreeNode": "grader_tree_node"}
        converted = [
            f"{made[param.type]}(&args[{i}])"
            if param.type in made
            else f"<{self.spelling.type(param.type, True)}>::from_json(&args[{i}])"
            for i, param in enumerate(problem.params)
        ]
        read = {"ListNode": "grader_list_values", "TreeNode": "grader_tree_values"}
        if problem.returns in read:
            return f"{read[problem.returns]}(Solution::{entry}({', '.join(converted)}))"
        if problem.returns != VOID:
            return f"Solution::{entry}({', '.join(converted)})"
        rest = "".join(f", {argument}" for argument in converted[1:])
        return (
            f"{{ let mut answer = {converted[0]}; Solution::{entry}(&mut answer{rest}); answer }}"
        )

    def unit_files(
        self, submission: Submission, problem: Problem, entry: str, student: str, sanitized: bool
    ) -> tuple[tuple[str, bytes], ...]:
        text = submission.source.decode("utf-8", "replace")
        driver = driver_source("driver.rs", self._call(problem, entry))
        used = {problem.returns, *(param.type for param in problem.params)}
        for node in sorted(used & {"ListNode", "TreeNode"}):  # LeetCode's, as its pages give them
            driver += "\n" + (DRIVERS / f"{node}.rs").read_text("utf-8")
        if driver_library() is None:
            driver = f"\nmod grader_driver {{\n{_driver_library_source()}}}\n{driver}"
        if not re.search(r"\bstruct\s+Solution\b", text):
            driver = "\n#[allow(dead_code)]\nstruct Solution;\n" + driver
        return ((student, submission.source + b"\n" + driver.encode()),)

    def recipe(self, unit: Unit, problem: Problem, sanitized: bool) -> CompileRecipe:
        rustc, sysroot, version = _toolchain()
        library = driver_library()
        compile_program = Program(
            self.id,
            (
                rustc,
                *FLAGS,
                "--crate-name",
                "solution",
                "--cap-lints=allow",
                *(("--extern", f"grader_driver={library}") if library else ()),
                "-o",
                "out/program",
                unit.student_file,
            ),
            unit.files,
            runtime_dirs=(sysroot, "/usr", *((os.path.dirname(library),) if library else ())),
        )
        return CompileRecipe(
            compile_program,
            "program",
            f"{version} {library or 'driver compiled along'}",
            Program(self.id, ("./program",), ()),
        )


if __name__ == "__main__":  # set-up makes the driver's library: `python -m grader.languages.rust`
    print(driver_library() or "no driver library (the driver is compiled along)")
