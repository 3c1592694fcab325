"""Work a submission does while it is loaded (at import, in a C++ static initializer, in a
static constructor) counts towards its tests: beyond the runtime's own start-up (measured
per backend and language, judge/startup.py) it is charged to the test called next, so a
search too slow inside the call is as slow before it. Each file here computes the right
answers, after spending CPU at load."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from grader.kinds import grade
from grader.languages import FUNCTION_LANGUAGES, extensions
from grader.problem import Problem
from grader.submission import read_submission
from grader.verdicts import Verdict

from ..conftest import ROOT, require_language

ACCEPTED = ROOT / "submissions" / "nqueens" / "accepted"

PYTHON_AT_IMPORT = (
    "import time\n"
    "started = time.process_time()\n"
    "while time.process_time() - started < {spin}:\n"
    "    pass\n"
) + (ACCEPTED / "backtracking.py").read_text()

CPP_STATIC_INITIALIZER = (
    "#include <ctime>\n"
    "static int spin() {{\n"
    "    std::clock_t started = std::clock();\n"
    "    while (std::clock() - started < {spin} * CLOCKS_PER_SEC) {{}}\n"
    "    return 1;\n"
    "}}\n"
    "static int spun = spin();\n"
) + (ACCEPTED / "backtracking.cpp").read_text().replace("{", "{{").replace("}", "}}")

JAVA_STATIC_BLOCK = (
    "import java.lang.management.ManagementFactory;\n"
    "class Warmup {{\n"
    "    static {{\n"
    "        var bean = ManagementFactory.getThreadMXBean();\n"
    "        long started = bean.getCurrentThreadCpuTime();\n"
    "        while (bean.getCurrentThreadCpuTime() - started < (long) ({spin} * 1e9)) {{}}\n"
    "    }}\n"
    "    static int ready = 1;\n"
    "}}\n"
) + (ACCEPTED / "Solution.java").read_text().replace("{", "{{").replace("}", "}}").replace(
    "        List<List<Integer>> result = new ArrayList<>();",
    "        int warm = Warmup.ready;\n        List<List<Integer>> result = new ArrayList<>();",
)

CSHARP_STATIC_CONSTRUCTOR = (
    "class Warmup {{\n"
    "    public static int Ready = 1;\n"
    "    static Warmup() {{\n"
    "        var self = System.Diagnostics.Process.GetCurrentProcess();\n"
    "        var started = self.TotalProcessorTime;\n"
    "        while ((self.TotalProcessorTime - started).TotalSeconds < {spin}) {{\n"
    "            self.Refresh();\n"
    "        }}\n"
    "    }}\n"
    "}}\n"
) + (ACCEPTED / "Solution.cs").read_text().replace("{", "{{").replace("}", "}}").replace(
    "        var result = new List<IList<int>>();",
    "        int warm = Warmup.Ready;\n        var result = new List<IList<int>>();",
)

CASES = {
    "python": ("solution.py", PYTHON_AT_IMPORT),
    "cpp": ("solution.cpp", CPP_STATIC_INITIALIZER),
    "java": ("Solution.java", JAVA_STATIC_BLOCK),
    "csharp": ("Solution.cs", CSHARP_STATIC_CONSTRUCTOR),
}


@pytest.fixture
def one_test(nqueens: Problem) -> Problem:
    return dataclasses.replace(nqueens, tests=tuple(t for t in nqueens.tests if t.name == "n4"))


def graded(source: str, name: str, problem: Problem, answers, sandbox, tmp_path: Path):
    path = tmp_path / name
    path.write_text(source)
    [test] = grade(problem, answers, read_submission(path, extensions()), sandbox, True).tests
    return test


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(CASES))
def test_work_at_load_past_the_limit_is_a_time_limit(
    language: str, sandbox, one_test: Problem, nqueens_answers, tmp_path: Path
) -> None:
    require_language(language)
    name, template = CASES[language]
    limit = one_test.limits.time_s * FUNCTION_LANGUAGES[language].time_factor
    source = template.format(spin=1.2 * limit)
    test = graded(source, name, one_test, nqueens_answers, sandbox, tmp_path)
    assert test.verdict is Verdict.TLE, test
    assert test.time_s >= limit
    if language not in ("java", "csharp"):  # their static code runs at the class's first use
        assert "while your file was loaded" in test.message, test.message


@pytest.mark.slow
def test_work_at_load_within_the_limit_is_counted_in_the_first_test(
    sandbox, one_test: Problem, nqueens_answers, tmp_path: Path
) -> None:
    source = PYTHON_AT_IMPORT.format(spin=0.5)
    test = graded(source, "solution.py", one_test, nqueens_answers, sandbox, tmp_path)
    assert test.verdict is Verdict.AC, test
    assert test.time_s >= 0.4  # the half second at import, less the start-up allowed
