"""The HTTP API of an embedded service: graded for real, in the process sandbox."""

from __future__ import annotations

import io
import json
import shutil
import zipfile

from ..conftest import PROBLEMS, ROOT, SUBMISSIONS
from .conftest import ACCEPTED, WRONG, start
from .processes import until


def test_a_submission_is_graded_and_the_same_file_again_is_the_same_submission(running) -> None:
    first = running.submit("ada")
    assert first.status_code == 200, first.text
    document = first.json()
    assert document["status"] == "done" and document["result"]["verdict"] == "AC"
    assert len(document["result"]["tests"]) == 9
    again = running.submit("ada", wait=0)
    assert again.status_code == 202 and again.json()["id"] == document["id"]
    rows = running.service.database.rows("SELECT COUNT(*) FROM results WHERE student = 'ada'")
    assert rows == [(1,)]  # one result in the gradebook, not two


def test_events_come_one_per_test_then_the_result_and_resume_after_an_id(running) -> None:
    identity = running.submit("ada", source=WRONG).json()["id"]
    url = f"/v1/submissions/{identity}/events"
    with running.client.stream("GET", url, headers=running.as_("ada")) as stream:
        text = "".join(stream.iter_text())
    assert [f"id: {n}" in text for n in range(1, 10)] == [True] * 9
    assert text.index("event: result") > text.index("id: 9")
    headers = running.as_("ada") | {"Last-Event-ID": "7"}
    with running.client.stream("GET", url, headers=headers) as stream:
        resumed = "".join(stream.iter_text())
    assert "id: 7\n" not in resumed and "id: 8\n" in resumed and "event: result" in resumed


def test_a_student_sees_only_their_own_and_never_a_hidden_input(running) -> None:
    identity = running.submit("ada", source=WRONG).json()["id"]
    assert (
        running.client.get(f"/v1/submissions/{identity}", headers=running.as_("bob")).status_code
        == 404
    )
    mine = running.client.get(f"/v1/submissions/{identity}", headers=running.as_("ada")).json()
    hidden = [t for t in mine["result"]["tests"] if t["hidden"]]
    assert hidden and all(t["input"] is None and t["output"] == "" for t in hidden)
    assert all("hidden test" in t["message"] for t in hidden if t["verdict"] != "AC")
    seen = running.client.get(f"/v1/submissions/{identity}", headers=running.as_("teacher")).json()
    assert all(t["input"] is not None for t in seen["result"]["tests"])
    url = f"/v1/submissions/{identity}/events"
    with running.client.stream("GET", url, headers=running.as_("ada")) as stream:
        text = "".join(stream.iter_text())
    streamed = [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: {")]
    tests = [event for event in streamed if "verdict" in event and "name" in event]
    assert len(tests) == 9 and all(t["input"] is None for t in tests if t["hidden"])
    listed = running.client.get("/v1/submissions?student=ada", headers=running.as_("bob")).json()
    assert listed["student"] == "bob" and listed["submissions"] == []


def test_bad_requests_are_problem_documents_that_say_what_to_fix(running) -> None:
    client, ada = running.client, running.as_("ada")
    cases = [
        ({"problem": "nope", "language": "python", "source": "x"}, 422, "unknown problem"),
        ({"problem": "nqueens", "language": "cobol", "source": "x"}, 422, "not offered"),
        ({"problem": "nqueens", "language": "python", "source": "  "}, 422, "empty"),
        ({"problem": "nqueens", "language": "python", "source": "x" * 200_000}, 413, "KiB"),
        ({"problem": "nqueens"}, 422, "source"),
    ]
    for body, status, said in cases:
        answer = client.post("/v1/submissions", json=body, headers=ada)
        assert answer.status_code == status, (body, answer.text)
        assert answer.headers["content-type"] == "application/problem+json"
        assert said in answer.json()["detail"] and "Traceback" not in answer.text
    latin1 = {"file": ("solution.py", "# caf\xe9\n".encode("latin-1"))}
    answer = client.post("/v1/submissions", data={"problem": "nqueens"}, files=latin1, headers=ada)
    assert answer.status_code == 422 and "UTF-8" in answer.json()["detail"]
    huge = client.post("/v1/submissions", content=b"x" * (2 * 2**20), headers=ada)
    assert huge.status_code == 413
    assert client.post("/v1/submissions", json={}).status_code == 401
    assert client.get("/metrics", headers=ada).status_code == 403
    assert client.get("/metrics", headers=running.as_("teacher")).status_code == 200


def test_a_cookie_alone_cannot_hand_in_for_a_student(running) -> None:
    running.client.cookies.set("grader_token", running.tokens["ada"])
    body = {"problem": "nqueens", "language": "python", "source": ACCEPTED}
    assert running.client.post("/v1/submissions", json=body).status_code == 403
    page = running.client.post("/v1/submissions", json=body, headers={"X-Grader": "1"})
    assert page.status_code == 202


def test_a_flood_is_refused_with_retry_after(tmp_path) -> None:
    limited = start(tmp_path, per_minute=2)
    try:
        assert limited.submit("ada", wait=0).status_code == 202
        assert limited.submit("ada", source=WRONG, wait=0).status_code == 202
        third = limited.submit("ada", source=ACCEPTED + "\n# again\n", wait=0)
        assert third.status_code == 429 and int(third.headers["Retry-After"]) > 0
        assert limited.submit("bob", wait=0).status_code == 202  # bob is not ada
    finally:
        limited.service.close()


def test_a_full_queue_is_503_with_retry_after(tmp_path) -> None:
    stalled = start(tmp_path, workers=0, queue_capacity=2)  # nothing grades: the queue fills
    try:
        assert stalled.submit("ada", wait=0).status_code == 202
        assert stalled.submit("bob", wait=0).status_code == 202
        full = stalled.submit("teacher", wait=0, student="cy")
        assert full.status_code == 503 and int(full.headers["Retry-After"]) > 0
        assert "full" in full.json()["detail"]
    finally:
        stalled.service.close()


def test_problems_languages_and_the_schema_are_served(running) -> None:
    ada = running.as_("ada")
    listed = running.client.get("/v1/problems", headers=ada).json()["problems"]
    assert "nqueens" in [p["id"] for p in listed]
    problem = running.client.get("/v1/problems/nqueens", headers=ada).json()
    assert "<h1>" in problem["statement_html"] or "<p>" in problem["statement_html"]
    assert "def solve_n_queens(n" in problem["starter_code"]["python"]
    assert all(not s["name"] or s["input"] for s in problem["samples"])
    assert len(problem["samples"]) < problem["tests"]  # hidden tests are not samples
    languages = running.client.get("/v1/languages", headers=ada).json()["languages"]
    assert {"python", "rust", "cpp", "java", "csharp"} <= {lang["id"] for lang in languages}
    schema = running.client.get("/v1/openapi.json").json()
    assert {"/v1/submissions", "/v1/submissions/{identity}/events", "/v1/batches"} <= set(
        schema["paths"]
    )
    assert running.client.get("/healthz").json()["status"] == "ok"


def test_a_batch_from_a_zip_is_graded_and_exported(running) -> None:
    entries = {
        "ada/solution.py": ACCEPTED,
        "bob/solution.py": WRONG,
        "../evil.py": ACCEPTED,
        "cy/notes.txt": "not a program",
    }
    teacher = running.as_("teacher")
    batch = _hand_in_zip(running, entries)
    assert batch["submissions"] == 2 and [r["file"] for r in batch["refused"]] == [
        "../evil.py",  # dropped, and said so: an instructor must know whose file was not graded
        "cy/notes.txt",
    ]
    import time

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        progress = running.client.get(batch["urls"]["self"], headers=teacher).json()
        if progress["by_status"].get("done") == 2:
            break
        time.sleep(0.1)
    assert progress["by_verdict"] == {"AC": 1, "WA": 1}
    exported = running.client.get(batch["urls"]["export"], headers=teacher).text.splitlines()
    assert exported[0] == "Student,SIS Login ID,nqueens" and "ada,ada,10" in exported
    student = running.client.post(
        "/v1/batches", data={"problem": "nqueens"}, headers=running.as_("ada")
    )
    assert student.status_code == 403


def test_rejudge_grades_again_only_after_the_tests_changed(tmp_path, problem_copy) -> None:
    rejudging = start(tmp_path, roots=(problem_copy.parent,))
    try:
        teacher = rejudging.as_("teacher")
        rejudging.submit("ada")
        rejudging.submit("bob", source=WRONG)
        url = "/v1/problems/nqueens/rejudge?wait=60"
        assert rejudging.client.post(url, headers=teacher).json()["regraded"] == 0
        yaml_file = problem_copy / "problem.yaml"
        yaml_file.write_text(yaml_file.read_text().replace("time_s: 1.0", "time_s: 1.5"))
        changed = rejudging.client.post(url, headers=teacher).json()
        assert changed["regraded"] == 2
        assert {s["student"]: s["after"] for s in changed["submissions"]} == {
            "ada": "AC",
            "bob": "WA",
        }
        assert rejudging.client.post(url, headers=teacher).json()["regraded"] == 0
        old = rejudging.service.database.rows("SELECT COUNT(*) FROM submissions")
        assert old == [(4,)]  # the old results are kept
    finally:
        rejudging.service.close()


def test_a_problem_added_to_the_folder_is_served_without_a_restart(tmp_path, problem_copy):
    serving = start(tmp_path, roots=(problem_copy.parent,), workers=0, problems_recheck_s=0)
    try:
        ada = serving.as_("ada")
        listed = serving.client.get("/v1/problems", headers=ada).json()["problems"]
        assert [problem["id"] for problem in listed] == ["nqueens"]
        shutil.copytree(PROBLEMS / "permutations", problem_copy.parent / "permutations")
        shutil.copytree(
            ROOT / "reference" / "permutations", tmp_path / "reference" / "permutations"
        )
        listed = serving.client.get("/v1/problems", headers=ada).json()["problems"]
        assert [problem["id"] for problem in listed] == ["nqueens", "permutations"]
        assert serving.client.get("/v1/problems/permutations", headers=ada).status_code == 200
    finally:
        serving.service.close()


def test_one_students_flood_waits_behind_another_students_first_file(tmp_path) -> None:
    from .conftest import SLOW

    fair = start(tmp_path, workers=1)
    try:
        flood = [
            fair.submit("ada", source=SLOW.replace("0.25", "0.02") + f"\n# {n}\n", wait=0).json()[
                "id"
            ]
            for n in range(5)
        ]
        bobs = fair.submit("bob", wait=10).json()
        assert bobs["status"] == "done"
        waiting = [fair.service.store.get(identity).status for identity in flood]
        assert waiting.count("done") <= 2, waiting  # bob went second or third, not sixth
    finally:
        fair.service.close()


def test_the_class_view_is_the_instructors(running) -> None:
    running.submit("ada")
    running.submit("bob", source=WRONG)
    running.client.cookies.set("grader_token", running.tokens["teacher"])
    page = running.client.get("/class/nqueens")
    assert page.status_code == 200
    assert "ada" in page.text and "bob" in page.text and "AC 1" in page.text and "WA 1" in page.text
    running.client.cookies.set("grader_token", running.tokens["ada"])
    assert running.client.get("/class/nqueens").status_code == 403


def test_a_bug_of_the_service_is_a_500_problem_document_without_a_trace(
    running, monkeypatch
) -> None:
    import warnings

    from grader.kinds import catalog

    def broken(offered, full=True):
        raise KeyError("a bug")

    monkeypatch.setattr("grader.service.api.problem_document", broken)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    client = TestClient(running.client.app, raise_server_exceptions=False)
    answer = client.get("/v1/problems/nqueens", headers=running.as_("ada"))
    assert answer.status_code == 500
    assert answer.headers["content-type"] == "application/problem+json"
    assert "KeyError" not in answer.text and "Traceback" not in answer.text
    assert catalog.problem_document is not broken


def test_metrics_count_submissions_and_grading_by_language_and_verdict(running) -> None:
    identity = running.submit("ada").json()["id"]
    running.submit("ada", wait=0)  # the same file again
    running.flagged(identity)
    graded = 'grader_grading_seconds_count{language="python",verdict="AC"} 1.0'

    def metrics() -> str:
        return running.client.get("/metrics", headers=running.as_("teacher")).text

    # Counted once the grader is done with it: after the student has the verdict, since what
    # only the instructor sees (the probes) runs after.
    until(lambda: graded in metrics(), 30, "the grading was never counted")
    text = metrics()
    assert 'grader_submissions_total{outcome="accepted"} 1.0' in text
    assert 'grader_submissions_total{outcome="duplicate"} 1.0' in text
    assert 'grader_grading_seconds_count{language="python",verdict="AC"} 1.0' in text
    for gauge in (
        "grader_queue_depth 0.0",
        "grader_jobs_in_flight 0.0",
        "grader_workers_alive 2.0",
        "grader_flags_owed 0.0",
    ):
        assert gauge in text, gauge
    assert "grader_retries_total 0.0" in text


def test_a_zip_handed_in_again_after_an_api_died_storing_it_is_whole(running) -> None:
    """An API killed while storing a zip leaves the rows it stored under a batch id nobody
    received. The same zip handed in again is a batch of every file in it, the stored ones
    adopted (not graded twice); both batches are listed."""
    students = [f"s{index:02}" for index in range(12)]
    store = running.service.store
    lost = "0123456789abcdef"  # what the killed API had stored: a third of the files
    store.batches.add(lost, "nqueens")
    for student in students[:4]:
        store.submit(
            student,
            "nqueens",
            running.service.catalog.get("nqueens").version,
            "python",
            "solution.py",
            ACCEPTED.encode(),
            lost,
        )
    teacher = running.as_("teacher")
    batch = _hand_in_zip(running, {f"{student}/solution.py": ACCEPTED for student in students})
    assert batch["submissions"] == len(students)
    listed = running.client.get("/v1/batches", headers=teacher).json()["batches"]
    assert [(b["id"], b["submissions"]) for b in listed] == [(batch["id"], 12), (lost, 4)]
    rows = running.service.database.rows("SELECT COUNT(*) FROM submissions")
    assert rows == [(12,)]  # the four stored before are adopted, not stored again
    until(
        lambda: (
            running.client.get(batch["urls"]["self"], headers=teacher).json()["by_status"]
            == {"done": 12}
        ),
        120,
        "the batch was never graded",
    )
    exported = running.client.get(batch["urls"]["export"], headers=teacher).text.splitlines()
    assert exported[2:] == [f"{student},{student},10" for student in students]
    assert running.client.get("/v1/batches", headers=running.as_("ada")).status_code == 403


def _hand_in_zip(running, entries: dict[str, str]) -> dict:
    """A zip of `entries` (name: text) handed in as the teacher: the batch it made."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        for name, text in entries.items():
            zipped.writestr(name, text)
    answer = running.client.post(
        "/v1/batches",
        data={"problem": "nqueens"},
        files={"archive": ("class.zip", archive.getvalue())},
        headers=running.as_("teacher"),
    )
    assert answer.status_code == 202, answer.text
    return answer.json()


def test_the_course_s_problems_are_served_and_graded_with_no_change(running) -> None:
    """A problem is a folder: the service lists it, its page serves the starter code in
    every language, and a submission to it is graded (here an in-place Sudoku in Java)."""
    listed = running.client.get("/v1/problems", headers=running.as_("ada")).json()
    ids = {problem["id"] for problem in listed["problems"]}
    assert {"permutations", "combinations", "word-search", "sudoku-solver"} <= ids
    assert {"k-knights", "k-bishops"} <= ids
    sudoku = running.client.get("/v1/problems/sudoku-solver", headers=running.as_("ada")).json()
    assert "void solveSudoku(char[][] board)" in sudoku["starter_code"]["java"]
    source = (SUBMISSIONS / "sudoku-solver" / "accepted" / "Lesson.java").read_text()
    body = {"problem": "sudoku-solver", "language": "java", "source": source}
    answer = running.client.post("/v1/submissions?wait=10", json=body, headers=running.as_("ada"))
    assert answer.json()["result"]["verdict"] == "AC", answer.text


def test_a_lesson_is_served_with_its_steps_and_graded_step_by_step(running) -> None:
    """The API gives a lesson's steps (title, text as HTML) and grades a submission to it as
    steps: its score is the steps passed, in order, its rows the steps up to the first that
    fails."""
    document = running.client.get(
        "/v1/problems/nqueens-lesson-python", headers=running.as_("ada")
    ).json()
    assert document["format"] == "lesson" and document["max_score"] == 15
    steps = document["steps"]
    assert [step["number"] for step in steps] == list(range(1, 16))
    assert steps[11]["title"] == "undo" and "<code>placement.pop()</code>" in steps[11]["html"]
    assert document["samples"] == [] and "def solve_n_queens" in document["starter_code"]["python"]
    function = running.client.get("/v1/problems/nqueens", headers=running.as_("ada")).json()
    assert function["steps"] == []
    source = (SUBMISSIONS / "nqueens-lesson-python" / "step-5" / "signed_diagonal.py").read_text()
    body = {"problem": "nqueens-lesson-python", "language": "python", "source": source}
    answer = running.client.post("/v1/submissions?wait=10", json=body, headers=running.as_("ada"))
    result = answer.json()["result"]
    assert (result["verdict"], result["score"], result["max_score"]) == ("WA", 4, 15), answer.text
    assert [test["name"] for test in result["tests"]] == [f"step {k}" for k in range(1, 6)]
    assert "the other diagonal" in result["tests"][-1]["message"]
