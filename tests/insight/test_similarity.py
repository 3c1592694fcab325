"""Similar submissions: copies disguised as students disguise them (other names, functions
reordered, other comments and layout, a loop rewritten as a comprehension) pair with their
origin above the threshold; independently written solutions stay below it."""

from __future__ import annotations

import ast
import itertools
import json
import shutil

import pytest

from grader.cli import main
from grader.insight.classwork import common_ground
from grader.insight.disguises import loops_as_comprehensions, recommented, renamed, reordered
from grader.insight.similarity import THRESHOLD, document, similar_pairs
from grader.kinds import load_problem

from ..conftest import PROBLEMS, SUBMISSIONS

# Independently written solutions of the problem (none derived from another).
BASES = sorted((SUBMISSIONS / "nqueens" / "accepted").glob("*.py"))
GROUND = common_ground(load_problem(PROBLEMS / "nqueens"), ["python"], [])


def _variants(source: str, seed: int) -> dict[str, str]:
    variants = {
        "renamed": renamed(source, seed),
        "reordered": reordered(source),
        "recommented": recommented(source),
        "all three": renamed(reordered(recommented(source)), seed + 1),
    }
    rewritten, loops = loops_as_comprehensions(source)
    if loops:
        variants["comprehension"] = rewritten
    for text in variants.values():
        ast.parse(text)  # still a program
    return variants


def _score(a: str, b: str) -> float:
    pairs = similar_pairs(
        [document("a", "a.py", "python", a), document("b", "b.py", "python", b)], GROUND, 0.0
    )
    return pairs[0].score if pairs else 0.0


@pytest.mark.parametrize("base", BASES, ids=lambda p: p.name)
def test_a_disguised_copy_pairs_with_its_origin(base) -> None:
    source = base.read_text()
    for how, variant in _variants(source, len(base.name)).items():
        assert _score(source, variant) >= THRESHOLD, f"{base.name}, {how}"


def test_the_comprehension_rewrite_is_in_the_corpus() -> None:
    assert any(loops_as_comprehensions(base.read_text())[1] for base in BASES)


def test_independent_solutions_stay_below_the_threshold() -> None:
    for first, second in itertools.combinations(BASES, 2):
        assert _score(first.read_text(), second.read_text()) < THRESHOLD, (first.name, second.name)


def test_a_class_of_300_pairs_its_copies_and_nothing_independent(tmp_path) -> None:
    """The sample class (grader/insight/sample.py): every disguised copy is paired with its
    origin; every pair reported is a copy and its origin, two copies of one origin, or two
    students who handed in the same stored answers."""
    from grader.insight.classwork import documents_from_folders
    from grader.insight.sample import make_class

    key = make_class(tmp_path / "class", 300, seed=7)
    documents = documents_from_folders([str(tmp_path / "class")], tmp_path)
    assert len(documents) == 300
    pairs = similar_pairs(documents, GROUND)

    def origin(student: str) -> str:
        return key[student].split()[-1] if key[student].startswith("copy of") else student

    found = {frozenset((p.a.name, p.b.name)) for p in pairs}
    for student, kind in key.items():
        if kind.startswith("copy of"):
            assert frozenset((student, origin(student))) in found, (student, kind)
    for pair in pairs:
        both_stored = key[pair.a.name] == key[pair.b.name] == "hard-coded"
        assert origin(pair.a.name) == origin(pair.b.name) or both_stored, (pair.a.name, pair.b.name)


def test_the_starter_code_and_the_lesson_are_common_ground() -> None:
    lesson = (SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py").read_text()
    with_lesson = common_ground(load_problem(PROBLEMS / "nqueens"), ["python"], [])
    with_lesson.append(document("lesson", "lesson.py", "python", lesson))
    a = document("ada", "a.py", "python", lesson)
    b = document("bob", "b.py", "python", renamed(lesson, 9))
    assert similar_pairs([a, b], GROUND)  # the same file twice is a pair ...
    assert not similar_pairs([a, b], with_lesson)  # ... unless it is the lesson's own code


def test_grader_similar_on_a_class_folder(tmp_path, capsys) -> None:
    origin = (SUBMISSIONS / "nqueens" / "accepted" / "leetcode_class.py").read_text()
    for student, text in {
        "ada": origin,
        "bob": renamed(reordered(origin), 4),
        "eve": (SUBMISSIONS / "nqueens" / "accepted" / "bitmask.py").read_text(),
    }.items():
        (tmp_path / student).mkdir()
        (tmp_path / student / "solution.py").write_text(text)
    assert main(["similar", str(tmp_path), "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert [(p["a"]["student"], p["b"]["student"]) for p in found["pairs"]] == [("ada", "bob")]
    assert found["submissions"] == 3 and found["pairs"][0]["regions"]
    assert main(["similar", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "ada (" in text and "~  bob (" in text and " | " in text  # side by side
    shutil.rmtree(tmp_path / "bob")
    assert main(["similar", str(tmp_path)]) == 0
    assert "0 pairs of 2 submissions" in capsys.readouterr().out


@pytest.mark.sandbox
def test_grader_similar_reads_a_gradebook(tmp_path, capsys) -> None:
    origin = (SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py").read_text()
    for student, text in {"ada": origin, "bob": recommented(renamed(origin, 2))}.items():
        (tmp_path / "class" / student).mkdir(parents=True)
        (tmp_path / "class" / student / "solution.py").write_text(text)
    database = str(tmp_path / "class.db")
    graded = main(["grade", str(tmp_path / "class"), "--db", database, "--sandbox", "process"])
    assert graded == 0
    capsys.readouterr()
    assert main(["similar", "--db", database, "--format", "json"]) == 0
    [pair] = json.loads(capsys.readouterr().out)["pairs"]
    assert (pair["a"]["student"], pair["b"]["student"]) == ("ada", "bob")
