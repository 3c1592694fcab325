"""Problem packages served like grader's own problems: listed, shown, handed in, run on the
student's own input, and on the page; nothing of a hidden test reaches the student."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import Running, start

PACKAGES = Path(__file__).parent.parent / "packages"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Running]:
    running = start(tmp_path, roots=(PACKAGES,))
    yield running
    running.service.close()


def test_a_package_is_offered_in_its_own_languages(served: Running) -> None:
    document = served.client.get("/v1/problems/shout", headers=served.as_("ada")).json()
    assert document["format"] == "package"
    assert document["languages"] == ["python", "cpp", "rust", "java", "csharp", "c"]
    assert document["samples"] == [
        {"name": "sample/1", "input": {"stdin": "hello world\n"}, "expected": "HELLO WORLD\n"}
    ]
    assert document["starter_code"]["python"].startswith("import sys")
    assert document["limits"]["time_s"] == 2
    listed = served.client.get("/v1/problems", headers=served.as_("ada")).json()
    assert {"average", "shout", "anypair", "bigsum", "guessing"} <= {
        problem["id"] for problem in listed["problems"]
    }


def test_a_handed_in_program_is_graded_and_its_hidden_tests_stay_hidden(served: Running) -> None:
    source = (PACKAGES / "shout/submissions/wrong_answer/one_space.py").read_text()
    body = {"problem": "shout", "language": "python", "source": source}
    done = served.client.post(
        "/v1/submissions?wait=10", json=body, headers=served.as_("ada")
    ).json()
    result = done["result"]
    assert (done["status"], result["verdict"]) == ("done", "WA")
    hidden = result["tests"][-1]
    assert hidden["name"] == "hidden 3" and hidden["message"] == "wrong answer on a hidden test"
    assert "SPACES" not in json.dumps(result)  # neither the hidden input nor its answer
    by_name = served.client.post(
        "/v1/submissions?wait=10",
        json={"problem": "shout", "filename": "shout.py", "source": "print(input().upper())\n"},
        headers=served.as_("bob"),
    ).json()
    assert (by_name["language"], by_name["result"]["verdict"]) == ("python", "AC")


def test_run_on_your_own_input_is_the_program_s_stdin(served: Running) -> None:
    body = {
        "problem": "anypair",
        "language": "python",
        "input": "7",
        "source": "n = int(input())\nprint(2, n - 2)\n",
    }
    ran = served.client.post("/v1/runs", json=body, headers=served.as_("ada")).json()
    assert ran["input"] == {"stdin": "7\n"}
    assert ran["expected"] == "3 4\n"  # the first accepted submission's output: halves.cpp
    assert (ran["yours"]["verdict"], ran["yours"]["output"]) == ("AC", "2 5\n")
    wrong = served.client.post(
        "/v1/runs", json=body | {"source": "print(0, 7)\n"}, headers=served.as_("ada")
    ).json()
    assert wrong["yours"]["verdict"] == "WA"
    assert wrong["yours"]["message"] == "both numbers must be positive"
    talking = served.client.post(
        "/v1/runs", json=body | {"problem": "guessing"}, headers=served.as_("ada")
    )
    assert talking.status_code == 422 and "conversation" in talking.json()["detail"]


def test_run_judges_as_the_samples_are_judged(served: Running) -> None:
    body = {
        "problem": "ratio",
        "language": "python",
        "input": "1 3",
        "source": "a, b = map(int, input().split())\nprint(f'{a / b:.7f}')\n",
    }
    ran = served.client.post("/v1/runs", json=body, headers=served.as_("ada")).json()
    assert ran["expected"] == "0.333333333\n"
    # Within the samples' float_tolerance 1e-6 (their test_group.yaml), as a hand-in would be.
    assert (ran["yours"]["verdict"], ran["yours"]["output"]) == ("AC", "0.3333333\n")


def test_the_page_shows_a_package_s_samples_and_a_stdin_box(served: Running) -> None:
    served.client.post("/login", data={"token": served.tokens["ada"]})
    page = served.client.get("/problems/average").text
    assert '<textarea id="run-input"' in page
    assert '<pre class="stdin">3\n1 2 4\n</pre>' in page
    assert '<option value="python">Python 3</option>' in page


def test_a_package_s_jobe_ids_grade_a_whole_program(served: Running) -> None:
    from .coderunner import CodeRunnerJobe, result_of

    jobe = CodeRunnerJobe(served.client, served.tokens["teacher"])
    names = [name for name, _ in jobe.languages().json()]
    assert {"shout-python", "shout-c", "bigsum-rust"} <= set(names)
    source = (PACKAGES / "bigsum/submissions/partially_accepted/int32.c").read_text()
    graded = json.loads(result_of(jobe.execute(source, "bigsum-c"))["stdout"])
    assert graded["fraction"] == 0.3  # 30 of 100: the first group only
    rows = graded["testresults"][1:]
    assert [row[2] for row in rows].count("WA") == 1
    assert all(row[1] == "sample/1" or row[1].startswith("hidden ") for row in rows)
