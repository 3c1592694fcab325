"""`POST /v1/runs`: a student's code run once on an input they typed, beside the reference's
answer, in the process sandbox; not stored, with a budget of its own."""

from __future__ import annotations

import shutil

from grader.results import REFERENCE_CANNOT

from ..conftest import PROBLEMS, ROOT, SUBMISSIONS
from .conftest import ACCEPTED, WRONG, start

PRINTS = "def solve_n_queens(n):\n    print('trying', n)\n    return []\n"


def run(running, who: str, typed: str, source: str = ACCEPTED, language: str = "python"):
    body = {"problem": "nqueens", "language": language, "source": source, "input": typed}
    return running.client.post("/v1/runs", json=body, headers=running.as_(who))


def test_a_run_shows_the_answer_beside_the_references(running) -> None:
    answer = run(running, "ada", "n = 6")
    assert answer.status_code == 200, answer.text
    document = answer.json()
    assert document["input"] == {"n": 6}
    assert document["yours"]["verdict"] == "AC"
    assert document["yours"]["time_s"] >= 0 and document["yours"]["memory_kib"] > 0
    assert sorted(document["expected"]) == [
        [1, 3, 5, 0, 2, 4],
        [2, 5, 1, 4, 0, 3],
        [3, 0, 4, 1, 5, 2],
        [4, 2, 0, 5, 3, 1],
    ]
    rows = running.service.database.rows("SELECT COUNT(*) FROM submissions")
    assert rows == [(0,)]  # not a submission


def test_a_wrong_answer_is_checked_and_what_it_printed_shown(running) -> None:
    wrong = run(running, "ada", "n = 5", source=WRONG).json()
    assert wrong["yours"]["verdict"] == "WA"
    assert "share a diagonal" in wrong["yours"]["message"]
    assert wrong["yours"]["returned"] and len(wrong["expected"]) == 10
    printed = run(running, "ada", "n = 4", source=PRINTS).json()
    assert printed["yours"]["verdict"] == "WA" and "trying 4" in printed["yours"]["output"]


def test_a_hidden_tests_input_is_only_an_input(running) -> None:
    """n = 9 is a hidden test's input: typed, it runs as any input does, answered by the
    reference; nothing of the hidden test (its name, points, stored answer) comes back."""
    document = run(running, "ada", "n = 9").json()
    assert document["yours"]["name"] == "yours" and not document["yours"]["hidden"]
    assert len(document["expected"]) == 352


def test_an_input_the_problem_cannot_take_says_why(running) -> None:
    for typed, said in [
        ("n = 10", "outside the allowed range 1..9"),
        ("m = 3", "the problem takes n"),
        ("6", "n = …"),
        ("n = six", "is not a value"),
        ("n = 4, n = 5", "given twice"),
    ]:
        answer = run(running, "ada", typed)
        assert answer.status_code == 422 and said in answer.json()["detail"], answer.text


def test_a_compile_error_comes_back_as_one(running) -> None:
    source = (SUBMISSIONS / "nqueens" / "compile_error" / "type_error.cpp").read_text()
    document = run(running, "ada", "n = 4", source=source, language="cpp").json()
    assert document["yours"] is None and "error" in document["compile_output"]


def test_runs_have_a_budget_of_their_own(tmp_path) -> None:
    limited = start(tmp_path, runs_per_minute=2)
    try:
        assert run(limited, "ada", "n = 1").status_code == 200
        assert run(limited, "ada", "n = 2").status_code == 200
        third = run(limited, "ada", "n = 3")
        assert third.status_code == 429 and int(third.headers["Retry-After"]) > 0
        assert run(limited, "bob", "n = 3").status_code == 200  # bob is not ada
        assert limited.submit("ada").status_code == 200  # handing in is another budget
    finally:
        limited.service.close()


def test_a_failing_reference_names_nothing_of_the_server(tmp_path) -> None:
    """A reference that cannot answer a typed input: the student reads one sentence, never
    the reference's path, its file name or its trace (issue 42, point 5)."""
    problem = tmp_path / "problems" / "nqueens"
    shutil.copytree(PROBLEMS / "nqueens", problem)
    reference = tmp_path / "secret_reference_dir" / "only_small.py"
    reference.parent.mkdir()
    reference.write_text(
        (ROOT / "reference" / "nqueens" / "row_scan.py").read_text()
        + "\n\n_real = solve_n_queens\n\ndef solve_n_queens(n):\n"
        "    if n == 7:\n        raise ValueError('secret detail of the reference')\n"
        "    return _real(n)\n"
    )
    yaml_file = problem / "problem.yaml"
    text = yaml_file.read_text()
    listed = text[text.index("references:") :].split("\n\n")[0]
    yaml_file.write_text(text.replace(listed, f"references:\n  - {reference}"))
    served = start(tmp_path, roots=(tmp_path / "problems",))
    try:
        answer = run(served, "ada", "n = 7")
        assert answer.status_code == 422, answer.text
        detail = answer.json()["detail"]
        assert detail == f"input: {REFERENCE_CANNOT}"
        for secret in ("secret_reference_dir", "only_small", str(tmp_path), "ValueError"):
            assert secret not in answer.text
        assert run(served, "ada", "n = 6").status_code == 200  # the rest still runs
    finally:
        served.service.close()


def test_one_run_at_a_time_per_student_and_a_bounded_wait(tmp_path) -> None:
    """Runs cannot starve a class (issue 42, point 2): a student with a run going gets 429
    at once for a second; with every slot taken (held here as two other students' runs
    would hold them) a run waits `run_wait_s`, then 429 with Retry-After; a hand-in never
    waits for a run slot."""
    served = start(tmp_path, run_wait_s=0.2, workers=2)
    slots = served.service.run_slots
    try:
        with slots.hold("ada"):
            again = run(served, "ada", "n = 4")
            assert again.status_code == 429 and "one run at a time" in again.json()["detail"]
            assert int(again.headers["Retry-After"]) > 0
            assert run(served, "bob", "n = 4").status_code == 200  # another student runs
            with slots.hold("carol"):
                full = run(served, "bob", "n = 4")
                assert full.status_code == 429 and "busy" in full.json()["detail"]
                assert int(full.headers["Retry-After"]) > 0
                handed_in = served.submit("bob")  # grading has slots of its own
                assert handed_in.json()["result"]["verdict"] == "AC"
        assert run(served, "ada", "n = 4").status_code == 200  # freed
        assert not slots.running("ada")
    finally:
        served.service.close()
