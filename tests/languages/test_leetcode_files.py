"""Files as LeetCode's editor leaves them, with what a local test added: a Java class's own
`main` is left alone (the judge calls Solution from a class of its own), and a Rust file that
leans on a name LeetCode's page has in scope is told the `use` line to add, first."""

from __future__ import annotations

import pytest

from grader.kinds import grade, load_answers, load_problem
from grader.languages.rust import missing_uses
from grader.verdicts import Verdict

from ..conftest import PROBLEMS, require_language

JAVA_WITH_MAIN = """import java.util.*;

class Solution {
    public List<List<Integer>> permute(int[] nums) {
        List<List<Integer>> out = new ArrayList<>();
        back(nums, 0, out);
        return out;
    }
    void back(int[] a, int s, List<List<Integer>> out) {
        if (s == a.length) {
            List<Integer> l = new ArrayList<>();
            for (int x : a) l.add(x);
            out.add(l);
            return;
        }
        for (int i = s; i < a.length; i++) {
            int t = a[s]; a[s] = a[i]; a[i] = t;
            back(a, s + 1, out);
            t = a[s]; a[s] = a[i]; a[i] = t;
        }
    }
    public static void main(String[] args) {
        System.out.println(new Solution().permute(new int[] {1, 2, 3}));
    }
}
"""
RUST_WITHOUT_USE = """impl Solution {
    pub fn permute(nums: Vec<i32>) -> Vec<Vec<i32>> {
        let mut seen: HashSet<Vec<i32>> = HashSet::new();
        let mut out = vec![];
        for p in [nums.clone()] { if seen.insert(p.clone()) { out.push(p); } }
        out
    }
}
"""
RUSTC_SAID = """error[E0412]: cannot find type `HashMap` in this scope
 --> sol.rs:3:23
help: consider importing this struct
  |
1 + use std::collections::HashMap;
  |
error[E0433]: failed to resolve: use of undeclared type `HashMap`
help: consider importing this struct
  |
1 + use std::collections::HashMap;
  |
"""


def _permutations(language: str, source: str, name: str, make_submission, sandbox):
    require_language(language)
    problem = load_problem(PROBLEMS / "permutations")
    return grade(problem, load_answers(problem), make_submission(source, name), sandbox)


@pytest.mark.sandbox
def test_a_java_solution_s_own_main_is_left_alone(make_submission, process_sandbox) -> None:
    result = _permutations(
        "java", JAVA_WITH_MAIN, "Solution.java", make_submission, process_sandbox
    )
    assert result.verdict is Verdict.AC, result.compile_output


@pytest.mark.sandbox
def test_a_rust_file_missing_a_use_is_told_which_first(make_submission, process_sandbox) -> None:
    result = _permutations("rust", RUST_WITHOUT_USE, "sol.rs", make_submission, process_sandbox)
    assert result.verdict is Verdict.CE
    first = result.compile_output.splitlines()[0]
    assert first.endswith(
        "add at the top of your file: use std::collections::HashSet; (rustc's reason follows)"
    ), first


def test_each_suggested_use_is_named_once() -> None:
    said = missing_uses(RUSTC_SAID)
    assert said.splitlines()[0] == (
        "add at the top of your file: use std::collections::HashMap; (rustc's reason follows)"
    )
    assert missing_uses("error[E0308]: mismatched types") == "error[E0308]: mismatched types"
