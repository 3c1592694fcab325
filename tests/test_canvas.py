"""`grader push canvas` against a fake Canvas the test runs on 127.0.0.1: the requests
canvasapi makes (the course, the assignment, its students, one bulk grade update), with the
instructor's token, and what happens to a student Canvas does not know."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pytest

from grader.cli import main

from .conftest import SUBMISSIONS

ACCEPTED = SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py"
WRONG = SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py"
TOKEN = "canvas-test-token"


class FakeCanvas(BaseHTTPRequestHandler):
    posted: list[dict[str, list[str]]] = []
    tokens: list[str] = []

    def log_message(self, *arguments: object) -> None:
        pass

    def _answer(self, document: object) -> None:
        body = json.dumps(document).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        self.tokens.append(self.headers.get("Authorization", ""))
        path = self.path.split("?")[0]
        if path == "/api/v1/courses/7":
            self._answer({"id": 7, "name": "Algorithms"})
        elif path == "/api/v1/courses/7/assignments/42":
            self._answer({"id": 42, "course_id": 7, "name": "N-Queens"})
        elif path == "/api/v1/courses/7/search_users":
            self._answer(
                [
                    {"id": 101, "name": "Ada", "login_id": "ada"},
                    {"id": 102, "name": "Bob", "sis_user_id": "bob"},
                ]
            )
        else:
            self.send_error(404)

    def do_POST(self) -> None:
        self.tokens.append(self.headers.get("Authorization", ""))
        length = int(self.headers.get("Content-Length", 0))
        if self.path == "/api/v1/courses/7/assignments/42/submissions/update_grades":
            self.posted.append(parse_qs(self.rfile.read(length).decode()))
            self._answer({"id": 1, "workflow_state": "queued", "url": "/api/v1/progress/1"})
        else:
            self.send_error(404)


@pytest.fixture
def canvas() -> Iterator[str]:
    FakeCanvas.posted, FakeCanvas.tokens = [], []
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeCanvas)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


def _graded(tmp_path, capsys) -> str:
    for student, source in (("ada", ACCEPTED), ("bob", WRONG), ("cy", ACCEPTED)):
        (tmp_path / "class" / student).mkdir(parents=True)
        (tmp_path / "class" / student / "solution.py").write_bytes(source.read_bytes())
    database = str(tmp_path / "class.db")
    main(["grade", "--sandbox", "process", "--db", database, str(tmp_path / "class")])
    capsys.readouterr()
    return database


@pytest.mark.sandbox
def test_scores_and_comments_reach_canvas_and_a_stranger_is_reported(
    tmp_path, capsys, canvas, monkeypatch
) -> None:
    database = _graded(tmp_path, capsys)
    monkeypatch.setenv("CANVAS_TOKEN", TOKEN)
    status = main(
        ["push", "canvas", "--url", canvas, "--course", "7", "--assignment", "42", "--db", database]
    )
    out, err = capsys.readouterr()
    assert status == 1, err  # cy is nobody in the course
    assert "2 scores sent" in out and "cy: no student of course 7" in err
    [posted] = FakeCanvas.posted
    assert posted["grade_data[101][posted_grade]"] == ["10"]
    assert posted["grade_data[102][posted_grade]"] == ["1"]
    assert posted["grade_data[102][text_comment]"][0].startswith(
        "grader: WA, 1/10; failing: n2 (WA)"
    )
    assert set(FakeCanvas.tokens) == {f"Bearer {TOKEN}"}


@pytest.mark.sandbox
def test_the_token_comes_from_the_environment_and_travels_only_over_https(
    tmp_path, capsys, monkeypatch
) -> None:
    database = _graded(tmp_path, capsys)
    monkeypatch.delenv("CANVAS_TOKEN", raising=False)
    arguments = ["push", "canvas", "--course", "7", "--assignment", "42", "--db", database]
    assert main([*arguments, "--url", "https://canvas.example.edu"]) == 2
    assert "set CANVAS_TOKEN" in capsys.readouterr().err
    monkeypatch.setenv("CANVAS_TOKEN", TOKEN)
    assert main([*arguments, "--url", "http://canvas.example.edu"]) == 2
    assert "over https" in capsys.readouterr().err


def test_a_comment_names_hidden_tests_as_students_see_them() -> None:
    from grader.integrations.canvas.push import comment_of

    result = {
        "verdict": "WA",
        "score": 1,
        "max_score": 3,
        "tests": [
            {"name": "n1", "hidden": False, "verdict": "AC"},
            {"name": "n3", "hidden": True, "verdict": "AC"},
            {"name": "n9", "hidden": True, "verdict": "TLE"},
        ],
    }
    said = comment_of(result)
    assert said == "grader: WA, 1/3; failing: hidden 2 (TLE)" and "n9" not in said
