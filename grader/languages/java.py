"""Java submissions: `class Solution { public List<List<Integer>> solveNQueens(int n) }`.

`java.util` (and `java.util.stream`) are imported for the student on their file's first line,
so javac's line numbers stay theirs; the driver is a second class, `GraderMain`. The JVM
reserves far more address space than it uses, so its memory is bounded by the heap flag and
the run's cgroup instead of RLIMIT_AS.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
import shutil
import subprocess

from ..errors import SandboxUnavailable
from ..problem import Problem
from ..sandbox.base import Program
from ..sandbox.preparation import shell
from ..submission import Submission
from .base import PlusOne
from .compiled import (
    DRIVERS,
    CompiledLanguage,
    CompileRecipe,
    Refusal,
    Unit,
    driver_source,
    missing_toolchain,
)
from .javatools import BuildTool, build_tool
from .programs import Contest, Files, JobeDefaults, PlainArgs, Programs, Recipe
from .signatures import Spelling, node_files, typed_call
from .toolcache import per_path

# LeetCode's Java imports, on the student's first line so that javac's line numbers stay theirs.
IMPORTS = (
    "import java.util.*; import java.util.function.*; import java.util.stream.*; "
    "import java.math.*; "
)
JAVA_CLASS = re.compile(r"^(\w+)\.java$")
USES_PAIR = re.compile(rb"\bPair\s*<")
DECLARES_PAIR = re.compile(rb"\b(?:class|record|interface)\s+Pair\b")
JAVAFX_PAIR = re.compile(rb"import\s+javafx\.util\.(?:Pair|\*)\s*;")
JAVA_PUBLIC_CLASS = re.compile(r"^\s*public\s+(?:final\s+)?class\s+(\w+)", re.MULTILINE)
HINT = "a JDK (Debian/Ubuntu: apt-get install default-jdk-headless)"
# Each parameter type the driver converts, as the expression that converts argument i.
# A primitive parameter is unboxed from the object the driver's arg() makes.
BOXED = {
    "int": "Integer",
    "long": "Long",
    "boolean": "Boolean",
    "double": "Double",
    "char": "Character",
}


@per_path
def jdk() -> tuple[str, tuple[str, ...], str]:
    """(JAVA_HOME, the host trees it needs, version)."""
    javac = shutil.which("javac")
    if javac is None:
        raise missing_toolchain("Java", HINT, "no javac")
    home = os.path.dirname(os.path.dirname(os.path.realpath(javac)))
    if not os.path.exists(os.path.join(home, "bin", "java")):
        raise missing_toolchain("Java", HINT, f"no java beside {javac}")
    # Debian keeps the JDK's conf/ as links into /etc/java-*.
    trees = (home, "/usr", *sorted(glob.glob("/etc/java-*")))
    version = subprocess.run(
        [os.path.join(home, "bin", "javac"), "-version"],
        capture_output=True,
        text=True,
        check=False,
    )
    return home, trees, (version.stdout + version.stderr).strip()


def _with_leetcode_pair(source: bytes) -> tuple[bytes, tuple[tuple[str, bytes], ...]]:
    """The source, and LeetCode's `Pair` (javafx.util.Pair there) where it uses one and
    declares none: its `import javafx.util.Pair;` blanked (the JDK has no JavaFX), its
    line numbers kept."""
    if not USES_PAIR.search(source) or DECLARES_PAIR.search(source):
        return source, ()
    blanked = JAVAFX_PAIR.sub(lambda found: b" " * len(found[0]), source)
    return blanked, (("Pair.java", (DRIVERS / "Pair.java").read_bytes()),)


def _public_class_file(source: str) -> str:
    """Java's file must be named as its public class: Jobe takes the name from the source."""
    found = JAVA_PUBLIC_CLASS.search(source)
    return f"{found[1]}.java" if found else ""


def _program_recipe(name: str, files: Files, args: PlainArgs) -> Recipe:
    """javac on the main file (it finds the classes beside it), then a jar of them all."""
    home, trees, _ = jdk()
    matched = JAVA_CLASS.match(name)
    main_class = matched.group(1) if matched else "Main"
    given = " ".join(shlex.quote(word) for word in args.words("compileargs"))
    script = (
        f"{home}/bin/javac -J-Xmx512m -J-XX:+UseSerialGC -encoding UTF-8 -nowarn {given} "
        f"-d classes {name} && {home}/bin/jar --create --file out/prog.jar -C classes ."
    )
    build = Program("java", (shell(), "-c", script), files, trees, limit_address_space=False)
    java = (f"{home}/bin/java", "-XX:+UseSerialGC", "-XX:-UsePerfData")
    argv = (*java, *args.words("interpreterargs"), "-cp", "prog.jar", main_class)
    run = Program("java", (*argv, *args.words("runargs")), (), trees, limit_address_space=False)
    return Recipe(build, "prog.jar", run)


class Java(CompiledLanguage):
    id = "java"
    name = "Java (OpenJDK)"
    time_factor = 2.0  # JIT warm-up: the first calls run interpreted
    extensions = (".java",)
    file_name = "Solution.java"
    plus_one = PlusOne("plusOne", "        \n", "        return n + 1;\n")
    packages = (("javac", "default-jdk-headless"),)
    calls_functions = True
    batches_calls = False  # its driver answers one call per request
    # Jobe's heap and stack by its flags, no memory limit, at least 256 processes (the
    # JVM's own threads; the sandbox's wall is lower).
    programs = Programs(
        lambda sources, files, args, host: _program_recipe(sources[0], files, args),
        lambda: jdk()[2].split()[-1],
        Contest(
            "Java",
            PlainArgs(interpreterargs=("-Dfile.encoding=UTF-8", "-Xss64m", "-Xmx{memory_mib}m")),
            "import java.util.*;\nimport java.io.*;\n\npublic class Main {\n"
            "    public static void main(String[] args) throws IOException {\n"
            "        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));\n"
            "        String line = in.readLine();\n    }\n}\n",
        ),
        JobeDefaults(
            "java",
            "Main.java",
            PlainArgs(interpreterargs=("-Xss8m", "-Xmx200m")),
            memory_mib=0,
            processes=256,
            processes_floor=256,
            named=_public_class_file,
        ),
    )
    short_name = "Java"
    methods_in_class = True
    line_one_prefix = IMPORTS
    renames_student_file = True  # javac requires a public class's file to carry its name
    refusals = (
        Refusal(
            r"^\s*package\s+[\w.]+\s*;",
            "the judge compiles your Solution class on its own, outside any package",
        ),
    )
    spelling = Spelling(
        "List<{}>",
        {
            "int": "Integer",
            "long": "Long",
            "bool": "Boolean",
            "float": "Double",
            "str": "String",
            "char": "Character",
            "void": "void",
            "ListNode": "ListNode",
            "TreeNode": "TreeNode",
        },
        "{type} {name}",
        "public {returns} {entry}({params})",
        "class Solution {{\n    {method} {{\n        \n    }}\n}}\n",
        param_sequence="{}[]",  # LeetCode's Java takes arrays, returns lists
        param_scalars={
            "int": "int",
            "long": "long",
            "bool": "boolean",
            "float": "double",
            "str": "String",
            "char": "char",
            "void": "void",
            "ListNode": "ListNode",
            "TreeNode": "TreeNode",
        },
    )

    def toolchain(self) -> tuple[str, tuple[str, ...], str]:
        return jdk()

    def is_library_exception(self, name: str) -> bool:
        # No class loader but the JVM's own may define a class in java.*.
        return re.fullmatch(r"java\.[\w.$]+", name) is not None

    def dialect(self) -> str:
        imported = IMPORTS.replace("import ", "").replace(";", ",").strip(" ,")
        try:
            version = jdk()[2]
        except SandboxUnavailable:
            version = "the JDK's Java"
        return f"{version}; imported: {imported}; LeetCode's Pair (javafx.util.Pair) in scope"

    def unit_files(
        self, submission: Submission, problem: Problem, entry: str, student: str, sanitized: bool
    ) -> tuple[tuple[str, bytes], ...]:
        setup, call = typed_call(
            problem, entry, self.spelling, 'arg(args.get({i}), "{kind}")', BOXED
        )
        source, pair = _with_leetcode_pair(submission.source)
        return (
            (student, IMPORTS.encode() + source),
            ("GraderMain.java", driver_source("GraderMain.java", call, setup).encode()),
            *node_files(problem, "java"),
            *pair,
        )

    def recipe(self, unit: Unit, problem: Problem, sanitized: bool) -> CompileRecipe:
        home, trees, version = jdk()
        bin_dir = os.path.join(home, "bin")
        tool = build_tool(home, version)
        compile_program = Program(
            self.id,
            _compile_argv(bin_dir, tool, tuple(name for name, _ in unit.files)),
            unit.files,
            runtime_dirs=(*trees, *((tool.folder,) if tool else ())),
            limit_address_space=False,
        )
        heap = max(problem.limits.memory_mib - 64, 64)
        run = Program(
            self.id,
            (
                f"{bin_dir}/java",
                f"-Xmx{heap}m",
                "-Xss64m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-XX:-UsePerfData",
                "--add-opens=java.base/java.io=ALL-UNNAMED",
                "-cp",
                "program.jar",
                "GraderMain",
            ),
            (),
            runtime_dirs=trees,
            limit_address_space=False,
        )
        key = f"{version} {tool.folder if tool else 'javac and jar'}"
        return CompileRecipe(compile_program, "program.jar", key, run)


def _compile_argv(
    bin_dir: str, tool: BuildTool | None, sources: tuple[str, ...]
) -> tuple[str, ...]:
    """The build: the build tool's one JVM, or (where it could not be made) javac and jar."""
    if tool is not None:
        return tool.argv(f"{bin_dir}/java", "out/program.jar", sources)
    return (
        shell(),
        "-c",
        f"{bin_dir}/javac -J-Xmx512m -J-XX:+UseSerialGC -encoding UTF-8 -nowarn "
        f"-d classes {' '.join(sources)} "
        f"&& {bin_dir}/jar --create --file out/program.jar -C classes .",
    )


if __name__ == "__main__":  # set-up makes the build tool: `python -m grader.languages.java`
    try:
        made = build_tool(jdk()[0], jdk()[2])
    except SandboxUnavailable as error:
        raise SystemExit(f"no build tool: {error}") from None
    print(made.folder if made else "no build tool (javac and jar build each submission)")
