"""What Mono's C# compiler would get wrong is never a wrong verdict: a tuple swap of array
elements or fields (which mcs assigns one by one) is refused with the reason, and an error
that a newer C# feature causes says which C# is compiled and how the line is written for it."""

from __future__ import annotations

import pytest

from grader.kinds import grade, load_answers, load_problem
from grader.languages.csharp_mono import explained, field_names, miscompiled
from grader.verdicts import Verdict

from ..conftest import PROBLEMS, require_language

PERMUTE = """
public class Solution {
    public IList<IList<int>> Permute(int[] nums) {
        var result = new List<IList<int>>();
        Backtrack(nums, 0, result);
        return result;
    }
    private void Backtrack(int[] a, int s, IList<IList<int>> result) {
        if (s == a.Length) { result.Add(a.ToList()); return; }
        for (int i = s; i < a.Length; i++) {
            SWAP
            Backtrack(a, s + 1, result);
            SWAP
        }
    }
}
"""
TUPLE_SWAP = "(a[s], a[i]) = (a[i], a[s]);"
TEMPORARY_SWAP = "{ var t = a[s]; a[s] = a[i]; a[i] = t; }"


@pytest.mark.parametrize(
    ("source", "refused"),
    [
        ("class S { void F(int[] a) { (a[0], a[1]) = (a[1], a[0]); } }", True),
        ("class S { int x, y; void F() { (x, y) = (y, x); } }", True),
        ("class S { static int best = 0; void F(int b) { (best, b) = (b, best); } }", True),
        ("class S { void F(S p) { (p.x, p.y) = (p.y, p.x); } int x, y; }", True),
        ("class S { void F() { int x = 1, y = 2; (x, y) = (y, x); } }", False),
        ("class S { void F() { var (x, y) = (1, 2); (int p, int q) = (x, y); } }", False),
        ("class S { bool F(int[] a) { return (a[0], a[1]) == (1, 2); } }", False),
        ("class S { void F(int[] a) { // (a[0], a[1]) = (a[1], a[0]);\n } }", False),
        ('class S { string F() { return "(a[0], a[1]) = (1, 2);"; } }', False),
    ],
)
def test_a_tuple_assignment_mcs_builds_wrongly_is_refused(source: str, refused: bool) -> None:
    said = miscompiled(source.encode(), "Solution.cs")
    assert bool(said) is refused, said
    if refused:
        assert said.startswith("Solution.cs:1: `(") and "swap through a temporary" in said


def test_fields_are_told_from_locals() -> None:
    source = (
        "class S {\n  int[] perm = new int[3], used;\n  static long count;\n"
        "  int F(int x) { int local = 0; return local; }\n  int Size { get; set; }\n}\n"
    )
    assert field_names(source) == {"perm", "used", "count"}


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("S.cs(3,30): error CS1001: Unexpected symbol `]', expecting identifier", "a.Skip(1)"),
        (
            "S.cs(3,9): error CS0246: The type or namespace name `PriorityQueue' could not be "
            "found",
            "Mono's library has no PriorityQueue",
        ),
        (
            "S.cs(4,5): error CS0131: The left-hand side of an assignment must be a variable",
            "cannot assign to a tuple",
        ),
        ("S.cs(4,5): error CS0103: The name `x' does not exist in the current context", None),
    ],
)
def test_an_error_a_newer_csharp_causes_says_so(said: str, named: str | None) -> None:
    text = explained(said)
    assert text.startswith(said)
    assert (named in text) if named else text == said


@pytest.mark.sandbox
@pytest.mark.parametrize(
    ("swap", "verdict"), [(TUPLE_SWAP, Verdict.CE), (TEMPORARY_SWAP, Verdict.AC)]
)
def test_a_correct_permutations_solution_is_never_judged_wrong(
    swap: str, verdict: Verdict, make_submission, process_sandbox
) -> None:
    require_language("csharp")
    problem = load_problem(PROBLEMS / "permutations")
    submission = make_submission(PERMUTE.replace("SWAP", swap), "Solution.cs")
    result = grade(problem, load_answers(problem), submission, process_sandbox)
    assert result.verdict is verdict, result.compile_output or result.tests
    if verdict is Verdict.CE:
        assert (
            "Mono's C# compiler" in result.compile_output
            and "Solution.cs:11:" in result.compile_output
        )


@pytest.mark.sandbox
def test_a_whole_csharp_program_with_a_tuple_swap_is_refused_in_a_package(
    tmp_path, process_sandbox
) -> None:
    from grader.packages.contest import contest_extensions
    from grader.submission import read_submission
    from tests.packages.test_format_versions import minimal_package

    require_language("csharp")
    package = minimal_package(tmp_path, "2025-09")
    source = tmp_path / "Sum.cs"
    source.write_text(
        "using System;\nclass P {\n  static int[] a = new int[2];\n  static void Main() {\n"
        "    var w = Console.ReadLine().Split();\n"
        "    a[0] = int.Parse(w[0]); a[1] = int.Parse(w[1]);\n"
        "    (a[0], a[1]) = (a[1], a[0]);\n    Console.WriteLine(a[0] + a[1]);\n  }\n}\n"
    )
    submission = read_submission(source, contest_extensions())
    result = grade(load_problem(package), {}, submission, process_sandbox)
    assert result.verdict is Verdict.CE
    assert result.compile_output.startswith("Sum.cs:7: `(a[0], a[1]) = (a[1], a[0]);`")
