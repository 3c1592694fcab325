"""The class report: graded from a real class folder into a gradebook, written by `grader
report`, its numbers checked against the gradebook, opened in Debian's chromium with no
request leaving the file (a screenshot kept in test-artifacts/report/), and served by the
service to instructors only."""

from __future__ import annotations

import os
import re
import shutil
from collections import Counter

import pytest

from grader.cli import main
from grader.insight.disguises import renamed
from grader.storage.gradebook import Gradebook

from ..conftest import ROOT, SUBMISSIONS, require

# Grades in a real sandbox (conftest.py's tiers).
pytestmark = pytest.mark.sandbox

ARTIFACTS = ROOT / "test-artifacts" / "report"
CHROMIUM = "/usr/bin/chromium"
NQUEENS = SUBMISSIONS / "nqueens"
HOSTILE_NAME = "<img src=x onerror=alert(1)>"
HOSTILE_SOURCE = "# </pre><script>alert(1)</script>\ndef solve_n_queens(n):\n    return []\n"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A class of 16: solutions, a disguised copy, lesson mistakes, stored answers, a file
    that does not compile, and a student whose name and code are markup."""
    root = tmp_path_factory.mktemp("class")
    folder = root / "class"
    picks = {
        "ada": NQUEENS / "accepted" / "backtracking.py",
        "bob": NQUEENS / "accepted" / "bitmask.py",
        "cy": NQUEENS / "accepted" / "permutations.py",
        "dee": NQUEENS / "accepted" / "set_of_tuples.py",
        "fay": NQUEENS / "wrong_answer" / "diagonal_without_abs.py",
        "gus": NQUEENS / "wrong_answer" / "no_pop.py",
        "hal": NQUEENS / "wrong_answer" / "one_based.py",
        "ivy": NQUEENS / "flagged" / "lookup_table.py",
        "jo": NQUEENS / "flagged" / "if_ladder.py",
        "kim": NQUEENS / "compile_error" / "empty.py",
        "lee": NQUEENS / "accepted" / "leetcode_class.py",
    }
    for student, path in picks.items():
        (folder / student).mkdir(parents=True)
        shutil.copy(path, folder / student / "solution.py")
    (folder / "max").mkdir()
    (folder / "max" / "solution.py").write_text(
        renamed((NQUEENS / "accepted" / "leetcode_class.py").read_text(), 5)
    )
    (folder / HOSTILE_NAME).mkdir()
    (folder / HOSTILE_NAME / "solution.py").write_text(HOSTILE_SOURCE)
    database = root / "class.db"
    arguments = ["grade", str(folder), "--db", str(database), "--sandbox", "process"]
    status = main([*arguments, "--jobs", "2", "--output", str(root / "out.txt")])
    assert status == 1  # not all accepted
    report = root / "report.html"
    assert main(["report", "--db", str(database), "--output", str(report)]) == 0
    return database, report


def test_the_numbers_are_the_gradebooks(graded) -> None:
    database, report = graded
    page = report.read_text()
    gradebook = Gradebook(database)
    try:
        latest = gradebook.latest("nqueens")
    finally:
        gradebook.close()
    results = [row[3] for row in latest]
    shown = {m[0]: int(m[1]) for m in re.findall(r'data-verdict="(\w+)">(\d+)<', page)}
    assert shown == dict(Counter(result["verdict"] for result in results))
    passed = {m[0]: int(m[1]) for m in re.findall(r'data-test="(\w+)">(\d+)<', page)}
    for name, count in passed.items():
        expected = sum(
            1 for r in results for t in r["tests"] if t["name"] == name and t["verdict"] == "AC"
        )
        assert count == expected, name
    assert len(passed) == 9 and f"{len(results)} students" in page


def test_the_flagged_and_the_copied_are_found_from_the_report_alone(graded) -> None:
    _, report = graded
    page = report.read_text()
    flagged = re.findall(r'<tr class="flagged-row"><td><a href="#[^"]+">([^<]+)</a>', page)
    assert sorted(flagged) == ["ivy", "jo"]
    assert "holding the answers for n = 1, 4, 5, 6, 7, 8, 9" in page
    row = r'<tr class="pair-row"><td>([\d.]+)</td>\s*<td><a [^>]+>([^<]+)</a></td>'
    pairs = re.findall(row + r"<td><a [^>]+>([^<]+)</a>", page)
    assert ("lee", "max") in {(a, b) for _, a, b in pairs}


def test_markup_from_students_stays_text(graded) -> None:
    _, report = graded
    page = report.read_text()
    assert "<script>" not in page and HOSTILE_NAME not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_the_file_opens_in_chromium_with_nothing_fetched(graded) -> None:
    require(os.path.exists(CHROMIUM), "chromium", "apt-get install chromium")
    from playwright.sync_api import sync_playwright

    _, report = graded
    url = report.resolve().as_uri()
    requested: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 1600})
            page.on("request", lambda request: requested.append(request.url))
            page.goto(url)
            assert page.locator("svg").count() >= 6  # every picture drew
            assert page.get_by_role("heading", name=re.compile("Flagged")).is_visible()
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "report.png"), full_page=True)
        finally:
            browser.close()
    assert requested == [url]
    assert (ARTIFACTS / "report.png").stat().st_size > 10_000


def test_the_service_serves_it_to_instructors_only(tmp_path) -> None:
    from ..service.conftest import ACCEPTED, start

    running = start(tmp_path)
    try:
        assert running.submit("ada", ACCEPTED).status_code == 200
        from grader.service.access import COOKIE

        running.client.cookies.set(COOKIE, running.tokens["teacher"])
        page = running.client.get("/class/nqueens/report")
        assert page.status_code == 200 and "1 students" in page.text
        assert "default-src 'none'" in page.headers["content-security-policy"]
        running.client.cookies.set(COOKIE, running.tokens["ada"])
        assert running.client.get("/class/nqueens/report").status_code == 403
    finally:
        running.service.close()


def test_the_service_shows_flags_to_instructors_and_never_to_the_student(tmp_path) -> None:
    from ..service.conftest import start

    running = start(tmp_path)
    try:
        stored = (NQUEENS / "flagged" / "lookup_table.py").read_text()
        handed = running.submit("ada", stored)
        assert handed.status_code == 200
        identity = handed.json()["id"]
        assert handed.json()["result"]["flags"] == []  # the student's own answer
        own = running.client.get(f"/v1/submissions/{identity}", headers=running.as_("ada"))
        assert own.json()["result"]["flags"] == []
        seen = running.flagged(identity)
        kinds = {flag["kind"] for flag in seen["result"]["flags"]}
        assert {"table", "lookup", "probe"} <= kinds
        from grader.service.access import COOKIE

        running.client.cookies.set(COOKIE, running.tokens["teacher"])
        assert "holding the answers for n = 1" in running.client.get("/class/nqueens").text
    finally:
        running.service.close()


def test_a_lessons_class_report_shows_where_students_are_stuck(tmp_path) -> None:
    """A lesson's class: its rows are the steps, where most students first fail is the step
    they are stuck on, and the most common failing check is said in the lesson's words."""
    lesson = SUBMISSIONS / "nqueens-lesson-python"
    picks = {
        "ada": ROOT / "reference" / "nqueens-lesson-python" / "solution.py",
        "bob": lesson / "step-12" / "no_pop.py",
        "cy": lesson / "step-5" / "signed_diagonal.py",
        "dee": lesson / "step-5" / "signed_diagonal.py",
        "eve": lesson / "step-5" / "column_only.py",
    }
    folder = tmp_path / "class"
    for student, path in picks.items():
        (folder / student).mkdir(parents=True)
        shutil.copy(path, folder / student / "solution.py")
    database = tmp_path / "class.db"
    arguments = ["grade", str(folder), "--problem", "nqueens-lesson-python", "--db", str(database)]
    arguments += ["--sandbox", "process", "--output", str(tmp_path / "out.txt")]
    assert main(arguments) == 1
    # ada had every step; her latest breaks the diagonals: her best stays 15.
    shutil.copy(lesson / "step-5" / "signed_diagonal.py", folder / "ada" / "solution.py")
    assert main(arguments) == 1
    report = tmp_path / "report.html"
    command = ["report", "--problem", "nqueens-lesson-python", "--db", str(database)]
    assert main([*command, "--output", str(report)]) == 0
    page = report.read_text()
    passed = {m[0]: int(m[1]) for m in re.findall(r'data-test="(step \d+)">(\d+)<', page)}
    assert len(passed) == 15
    assert passed["step 4"] == 5 and passed["step 5"] == 1 and passed["step 12"] == 0
    assert re.search(r'id="stuck-on">step 5<', page)
    reached = {int(m[0]): int(m[1]) for m in re.findall(r'data-reached="(\d+)">(\d+)<', page)}
    assert reached == {15: 1, 11: 1, 4: 3}
    common = page[page.index('id="common-failures"') :]
    first_row = re.search(r"<td>([^<]*)</td><td>(\d+)</td>", common)
    assert first_row is not None and first_row.group(2) == "3"
    assert "the other diagonal (compare the distances with abs())" in first_row.group(1)
