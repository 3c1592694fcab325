"""`grader verify --mutants` (issue 46): a Python reference mutated one change at a time by
its syntax tree, each mutant graded on every test, the kill matrix, the survivors with their
diff, and an exit status under the score asked for."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from grader.cli import main
from grader.functions.mutants import python_mutants, token_mutants

from .conftest import PROBLEMS, ROOT

REFERENCE = """def count_below(nums: list[int], limit: int) -> int:
    seen = []
    total = 0
    for i in range(len(nums)):
        if nums[i] < limit:
            total += 1
            seen.append(nums[i])
    return total
"""


def test_each_mutant_is_one_change_said_in_words(tmp_path: Path) -> None:
    reference = tmp_path / "count.py"
    reference.write_text(REFERENCE)
    mutants = python_mutants(reference, "int")
    changes = {mutant.change for mutant in mutants}
    assert {
        "< made <=",
        "range's end + 1",
        "range's end - 1",
        "the statement dropped",
        "the update dropped",
        "the answer made 0",
        "the condition negated",
        "0 made 1",
    } <= changes
    canonical = ast.unparse(ast.parse(REFERENCE))
    for mutant in mutants:
        ast.parse(mutant.source)  # every mutant is Python
        assert mutant.source.strip() != canonical.strip(), mutant.change
    assert [mutant.number for mutant in mutants] == list(range(1, len(mutants) + 1))
    loosened = next(mutant for mutant in mutants if mutant.change == "< made <=")
    assert loosened.line == 5 and "nums[i] <= limit" in loosened.source


def test_a_brace_language_is_mutated_by_its_tokens_outside_comments_and_strings(
    tmp_path: Path,
) -> None:
    reference = tmp_path / "count.cpp"
    reference.write_text(
        "// i < n in a comment stays\nint count(vector<int>& v, int limit) {\n"
        "    int total = 0;\n    for (int i = 0; i < v.size(); i++) {\n"
        '        if (v[i] < limit && v[i] != 7) total += 1;\n        log("a < b");\n    }\n'
        "    return total;\n}\n"
    )
    mutants = token_mutants(reference)
    said = [(mutant.line, mutant.change) for mutant in mutants]
    assert (4, "< made <=") in said and (5, "&& made ||") in said and (5, "!= made ==") in said
    assert (6, "the statement dropped") in said and (5, "7 made 8") in said
    assert (8, "the answer made {}") in said
    assert all(line != 1 for line, _ in said)  # the comment
    assert not any("vector<=" in mutant.source for mutant in mutants)  # a template's <
    assert all('"a < b"' in mutant.source for mutant in mutants if mutant.line != 6)


def test_a_brace_language_s_bounds_truths_jumps_and_arguments_are_mutated(tmp_path: Path) -> None:
    reference = tmp_path / "Place.java"
    reference.write_text(
        "class Solution {\n"
        "    boolean place(int c, int n) {\n"
        "        for (int r = 0; r < n; ++r) {\n"
        "            if (!safe(r, c)) continue;\n"
        "            if (r == c) return true;\n"
        "        }\n"
        "        return false;\n"
        "    }\n"
        "}\n"
    )
    mutants = token_mutants(reference)
    said = {(mutant.line, mutant.change): mutant.source for mutant in mutants}
    assert "r < n + 1;" in said[(3, "the bound n made n + 1")]
    assert "r < n - 1;" in said[(3, "the bound n made n - 1")]
    assert "; --r)" in said[(3, "++ made --")]
    assert "if (safe(r, c))" in said[(4, "`!` dropped")]
    assert "safe(c, r)" in said[(4, "the two arguments swapped")]
    assert "if (!safe(r, c)) ;" in said[(4, "the jump dropped")]
    assert "return false;\n        }" in said[(5, "true made false")]
    assert "        return true;\n    }" in said[(7, "false made true")]
    assert all(mutant.source != reference.read_text() for mutant in mutants)


def _weak_permutations(tmp_path: Path, extra: str = "") -> Path:
    """Permutations with only its one-number test and no random tests (most mutants survive
    that), `extra` added to its problem.yaml."""
    folder = tmp_path / "problems" / "permutations"
    shutil.copytree(PROBLEMS / "permutations", folder)
    shutil.copytree(ROOT / "reference" / "permutations", tmp_path / "reference" / "permutations")
    yaml_file = folder / "problem.yaml"
    text = yaml_file.read_text()
    head, tests = text.split("\ntests:\n")
    head = head.split("\nrandom:\n")[0] + "\n" + head.split("\nrandom:\n")[1].split("\n\n", 1)[1]
    one = next(line for line in tests.splitlines() if "name: one" in line)
    yaml_file.write_text(f"{head}{extra}\ntests:\n{one}\n")
    (folder / "answers" / "random.json").unlink()
    assert main(["answers", str(folder), "--sandbox", "process"]) == 0
    return folder


@pytest.mark.sandbox
def test_a_weak_test_set_leaves_survivors_and_fails_the_score_asked_for(
    tmp_path: Path, capsys
) -> None:
    folder = _weak_permutations(tmp_path)
    capsys.readouterr()
    code = main(["verify", str(folder), "--sandbox", "process", "--mutants", "--min-score", "0.95"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert "Kill matrix (x: the test rejects the mutant):" in out
    assert "Survivors (" in out and "backtrack.py M" in out
    assert "\n    -" in out and "\n    +" in out  # a survivor's diff
    assert "is under --min-score 95%" in out


@pytest.mark.sandbox
def test_random_inputs_propose_the_tests_that_kill_the_survivors(tmp_path: Path, capsys) -> None:
    """`--mutants --random` on a problem with no `random:` block (k-bishops with only its
    k = 0 test, which almost every mutant passes) draws from the signature against each
    survivor and proposes a test per input that kills one; with those added, the score
    problem.yaml asks for is met: the survivors left are the equivalent mutants."""
    folder = tmp_path / "problems" / "k-bishops"
    shutil.copytree(PROBLEMS / "k-bishops", folder)
    shutil.copytree(ROOT / "reference" / "k-bishops", tmp_path / "reference" / "k-bishops")
    yaml_file = folder / "problem.yaml"
    head, tests = yaml_file.read_text().split("\ntests:\n")
    head = head.replace("  - ../../reference/k-bishops/squares.cpp\n", "")  # a quicker audit
    none = next(line for line in tests.splitlines() if "name: none" in line)
    yaml_file.write_text(f"{head}\nmutants:\n  min_score: 0.85\n\ntests:\n{none}\n")
    assert main(["answers", str(folder), "--sandbox", "process"]) == 0
    capsys.readouterr()
    args = ["verify", str(folder), "--sandbox", "process", "--mutants"]
    assert main([*args, "--random"]) == 1
    out = capsys.readouterr().out
    assert "is under mutants.min_score 85%" in out
    assert "Random inputs against the " in out and "(drawn from the signature alone" in out
    assert ': rejected by {"n": 1, "k": 1}' in out
    proposed = [line for line in out.splitlines() if line.startswith("  - {name: kills-")]
    assert proposed, out
    yaml_file.write_text(yaml_file.read_text() + "\n".join(proposed) + "\n")  # as printed
    assert main(["answers", str(folder), "--sandbox", "process"]) == 0
    capsys.readouterr()
    assert main(args) == 0, capsys.readouterr().out
