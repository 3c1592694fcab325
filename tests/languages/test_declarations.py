"""A method outside every class (Java, C#) is said in the student's words before compiling;
the judge's imports on the first line never shift a column or an excerpt. Pure text."""

from __future__ import annotations

from grader.languages.declarations import entry_line, method_outside_class
from grader.languages.diagnostics import without_prefix

WRAPPER = "public class Solution {{\n    {method} {{\n    }}\n}}\n"


def outside(source: str) -> str:
    return method_outside_class(source.encode(), "Main.cs", "C#", WRAPPER)


def test_a_method_at_the_top_level_is_named_with_its_line() -> None:
    said = outside("using System;\n\nstatic int[] Twice(int[] a) {\n    return a;\n}\n")
    assert said.startswith("Main.cs:3: `static int[] Twice(int[] a)` is outside any class")
    assert "put it inside `public class Solution { ... }`" in said


def test_methods_inside_a_class_or_after_one_are_told_apart() -> None:
    inside = "public class Solution {\n    public int F(int n) {\n        return n;\n    }\n}\n"
    assert outside(inside) == ""
    after = inside + "int G(int n) {\n    return n;\n}\n"
    assert outside(after).startswith("Main.cs:6: `int G(int n)`")


def test_braces_in_strings_and_comments_and_a_record_are_not_methods() -> None:
    tricky = (
        'public class Solution {\n    string open = "{{{";  // }\n'
        "    /* } */ public int F(int n) {\n        return n;\n    }\n}\n"
        "record Point(int x, int y) {\n}\n"
    )
    assert outside(tricky) == ""


def test_the_judges_first_line_imports_leave_columns_and_excerpts_alone() -> None:
    prefix = "using System; "
    assert without_prefix("A.cs(1,20): error CS1525: x", "A.cs", prefix) == (
        "A.cs(1,6): error CS1525: x"
    )
    assert without_prefix("B.cs(1,20): error", "A.cs", prefix) == "B.cs(1,20): error"
    javac = f"A.java:1: error: ';' expected\n{prefix}class A {{ int x }}\n{' ' * 25}^"
    assert without_prefix(javac, "A.java", prefix).splitlines()[1:] == [
        "class A { int x }",
        " " * 11 + "^",
    ]


def test_the_entry_points_line_is_its_declaration_in_every_language() -> None:
    names = ("solve_n_queens", "solveNQueens", "SolveNQueens")
    files = {
        "# solve_n_queens(n) below\nimport sys\n\ndef solve_n_queens(n):\n": 4,
        "// solveNQueens(n)\nclass Solution {\n"
        "    public List<List<Integer>> solveNQueens(int n) {": 3,
        "impl Solution {\n    pub fn solve_n_queens(n: i32) -> Vec<Vec<i32>> {": 2,
        'public class Solution {\n  string s = "SolveNQueens(";\n  public IList<IList<int>> '
        "SolveNQueens(int n) {": 3,
    }
    for source, line in files.items():
        assert entry_line(source.encode(), names) == line, source
    assert entry_line(b"int main() {}\n", names) is None
