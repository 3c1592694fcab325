"""Problems with other signatures are graded in every language with no harness change: only
their YAML. `echo` takes int, list[int], list[list[int]], str and list[str] and returns
list[str]; `in_place` takes long, float, bool, char, list[bool] and a char grid it changes in
place (`returns: void`, as LeetCode's Sudoku Solver); `mean` takes list[long] and a list
nested four deep and returns a float; `linked` and `tree` take and return LeetCode's ListNode
and TreeNode."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pytest

from grader.functions.answers import compute_answers, write_answers
from grader.kinds import grade, load_answers, load_problem
from grader.languages import FUNCTION_LANGUAGES, extensions
from grader.problem import Problem
from grader.submission import read_submission
from grader.verdicts import Verdict

from ..conftest import require_language

HERE = Path(__file__).parent
FOLDERS = ("echo", "in_place", "mean", "linked", "tree")
SOLUTIONS = sorted(path for name in FOLDERS for path in (HERE / name / "solutions").iterdir())


@pytest.fixture(scope="module")
def problems(tmp_path_factory, process_sandbox):
    """Each folder copied, its answers computed by its reference (the harness's own path)."""

    @cache
    def answered(name: str) -> Problem:
        folder = tmp_path_factory.mktemp("problems") / name
        shutil.copytree(HERE / name, folder)
        problem = load_problem(folder)
        write_answers(problem, compute_answers(problem, process_sandbox))
        return problem

    return answered


def test_the_answers_keep_every_type(problems) -> None:
    echo = load_answers(problems("echo"))
    assert echo["plain"] == ["7", "6", "6", "queen", "a,b"]
    assert echo["quoted"] == ["0", "-5", "9", 'say "hi"\\', "x,y,é"]
    marked = load_answers(problems("in_place"))
    assert marked["marked"] == [["Q", "T", "L", "H", "T"], ["x", "y", "z", "w", "v"]]
    assert marked["unmarked"] == [["q", "F", "s", "l", "F"]]
    assert load_answers(problems("mean")) == {"quarter": 2.25, "wide": 2199023255552.5}
    assert load_answers(problems("linked"))["five"] == [5, 4, 3, 2, 1]
    assert load_answers(problems("tree"))["gaps"] == [3, 20, 9, 7, 15]
    assert load_answers(problems("tree"))["chain"] == [1, 2, None, 3, None, 4]


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_language_reads_and_returns_every_type(
    path, problems, tmp_path, monkeypatch, process_sandbox
) -> None:
    problem = problems(path.parent.parent.name)
    submission = read_submission(path, extensions())
    require_language(submission.language)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = grade(problem, load_answers(problem), submission, process_sandbox, reveal_hidden=True)
    assert result.verdict is Verdict.AC, (result.compile_output, result.tests)


@pytest.mark.parametrize("name", FOLDERS)
def test_every_language_has_a_solution(name: str) -> None:
    languages = {extensions()[path.suffix] for path in (HERE / name / "solutions").iterdir()}
    assert languages == set(FUNCTION_LANGUAGES)


def test_a_wrong_type_is_said_as_one(problems, make_submission, process_sandbox) -> None:
    """A bool is not an int, nor 1.0 a bool: the checker names both types."""
    problem = problems("mean")
    source = "def mean(nums, deep):\n    return len(nums) == 4\n"
    result = grade(problem, load_answers(problem), make_submission(source), process_sandbox)
    assert result.tests[0].message == "expected 2.25, got true (a bool, where a float was expected)"


CYCLES = {
    "cycle.py": "def reverse_list(head):\n    head.next.next = head\n    return head\n",
    "cycle.cpp": "class Solution {\npublic:\n    ListNode* reverseList(ListNode* head) {\n"
    "        head->next->next = head;\n        return head;\n    }\n};\n",
    "Cycle.java": "class Solution {\n    public ListNode reverseList(ListNode head) {\n"
    "        head.next.next = head;\n        return head;\n    }\n}\n",
    "Cycle.cs": "public class Solution {\n    public ListNode ReverseList(ListNode head) {\n"
    "        head.next.next = head;\n        return head;\n    }\n}\n",
}


SHARED = {
    "shared.py": "def invert_tree(root):\n    root.right = root.left\n    return root\n",
    "shared.cpp": "class Solution {\npublic:\n    TreeNode* invertTree(TreeNode* root) {\n"
    "        root->right = root->left;\n        return root;\n    }\n};\n",
    "Shared.java": "class Solution {\n    public TreeNode invertTree(TreeNode root) {\n"
    "        root.right = root.left;\n        return root;\n    }\n}\n",
    "Shared.cs": "public class Solution {\n    public TreeNode InvertTree(TreeNode root) {\n"
    "        root.right = root.left;\n        return root;\n    }\n}\n",
    "shared.rs": "use std::cell::RefCell;\nuse std::rc::Rc;\n"
    "type Tree = Option<Rc<RefCell<TreeNode>>>;\n"
    "impl Solution {\n    pub fn invert_tree(root: Tree) -> Tree {\n"
    "        if let Some(node) = root.clone() {\n"
    "            let left = node.borrow().left.clone();\n"
    "            node.borrow_mut().right = left;\n        }\n        root\n    }\n}\n",
}


# What a driver reads of a returned structure that is not one: said, never followed for ever.
BROKEN = [("linked", name, source, "a cycle: ") for name, source in CYCLES.items()] + [
    ("tree", name, source, "a node reached twice") for name, source in SHARED.items()
]


@pytest.mark.parametrize(
    ("folder", "name", "source", "said"), BROKEN, ids=[f"{row[0]}/{row[1]}" for row in BROKEN]
)
def test_a_returned_cycle_or_shared_node_is_a_wrong_answer_that_says_so(
    folder: str, name: str, source: str, said: str, problems, make_submission, process_sandbox
) -> None:
    problem = problems(folder)
    submission = make_submission(source, name)
    require_language(submission.language)
    result = grade(problem, load_answers(problem), submission, process_sandbox)
    assert result.verdict is Verdict.WA
    assert said in result.tests[0].message, result.tests[0].message


def test_a_starter_that_keeps_leetcode_s_class_is_graded_as_one_that_does_not(
    problems, make_submission, process_sandbox
) -> None:
    """The Python starter defines TreeNode (for the student's editor and linters): the
    student's nodes are then of that class, and the judge reads them all the same."""
    tree = problems("tree")
    starter = FUNCTION_LANGUAGES["python"].template(tree)
    assert "class TreeNode:" in starter
    body = (
        "    if root is None:\n        return None\n"
        "    return TreeNode(root.val, invert_tree(root.right), invert_tree(root.left))\n"
    )
    result = grade(
        tree,
        load_answers(tree),
        make_submission(starter.replace("    ...\n", body)),
        process_sandbox,
    )
    assert result.verdict is Verdict.AC, result


def test_rust_spells_a_camel_case_parameter_in_snake_case() -> None:
    rust = FUNCTION_LANGUAGES["rust"].spelling
    assert rust.param_name("targetSum") == "target_sum"
    assert rust.param_name("root") == "root"
    assert FUNCTION_LANGUAGES["java"].spelling.param_name("targetSum") == "targetSum"
