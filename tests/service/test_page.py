"""The exercise page in a real browser: Debian's chromium driven by Playwright (launched with
its executable path; Playwright never downloads a browser here). Screenshots are kept in
test-artifacts/page/."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from grader.service.live import serving

from ..conftest import ROOT, SUBMISSIONS, require, require_language
from .conftest import CHROMIUM, SLOW, Running, signed_in, start

ARTIFACTS = ROOT / "test-artifacts" / "page"

WRONG = (SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py").read_text()
RUST = (SUBMISSIONS / "nqueens" / "accepted" / "lesson.rs").read_text()


@pytest.fixture
def site(tmp_path) -> Iterator[tuple[Running, str]]:
    require(os.path.exists(CHROMIUM), "chromium", "apt-get install chromium")
    running = start(tmp_path)
    try:
        with serving(running.service) as url:
            yield running, url
    finally:
        running.service.close()


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _type(page, source: str) -> None:
    editor = page.get_by_label("Source code")
    editor.fill(source)  # a paste: the editor's own Tab handling is tested separately


def test_a_student_checks_the_lessons_rust_with_ctrl_enter(site, browser) -> None:
    require_language("rust")
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.get_by_role("link", name="N-Queens", exact=True).click()
    page.get_by_label("Language").select_option("rust")
    assert "fn solve_n_queens" in page.get_by_label("Source code").input_value()  # starter code
    _type(page, RUST)
    page.get_by_label("Source code").press("Control+Enter")
    page.locator("#rows tr").nth(8).wait_for(timeout=60_000)
    verdicts = page.locator("#rows tr td:nth-child(2)").all_inner_texts()
    assert verdicts == ["AC"] * 9
    page.get_by_text("AC: 10 / 10").wait_for()
    _shot(page, "rust-accepted")


def test_a_wrong_answer_shows_the_board_and_a_reload_resumes_the_rows(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["bob"])
    page.goto(url + "/problems/nqueens")
    _type(page, WRONG)
    page.get_by_role("button", name="Check (Ctrl+Enter)").click()
    page.locator("#board").wait_for(state="visible", timeout=30_000)
    assert page.locator("#board").inner_text().startswith("n2:\n")  # the first failing sample
    page.get_by_text("WA:").wait_for()
    _shot(page, "python-wrong-answer")

    wrong_one = page.evaluate("location.hash")
    _type(page, SLOW)
    page.get_by_label("Source code").press("Control+Enter")
    # Matched here, not by a string evaluated in the page: the page's CSP forbids eval, and
    # Playwright polls a string predicate with it once the first check fails.
    page.wait_for_url(lambda address: "#" + address.partition("#")[2] != wrong_one)
    page.locator("#rows tr").first.wait_for(timeout=30_000)
    page.reload()  # mid-grading: the address keeps the submission, the events replay
    page.locator("#rows tr").nth(8).wait_for(timeout=60_000)
    assert page.locator("#rows tr td:nth-child(2)").all_inner_texts() == ["AC"] * 9
    _shot(page, "python-resumed-after-reload")


def test_a_compile_error_is_shown_and_its_line_selected(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    _type(page, "def solve_n_queens(n):\n    return [\n\nx = (\n")
    page.get_by_label("Source code").press("Control+Enter")
    page.locator("#compile").wait_for(state="visible", timeout=30_000)
    assert "solution.py:" in page.locator("#compile").inner_text()
    page.get_by_text("CE: 0 / 10").wait_for()
    selected = page.evaluate(
        "(() => { const s = document.getElementById('source');"
        " return s.value.slice(0, s.selectionStart).split('\\n').length; })()"
    )
    said = page.locator("#compile").inner_text()
    line = int(said.split("solution.py:", 1)[1].split(":", 1)[0])
    assert selected == line


def test_the_editor_indents_with_tab_and_the_keyboard_reaches_everything(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    editor = page.get_by_label("Source code")
    editor.fill("")
    editor.press("Tab")
    editor.type("x = 1")
    assert editor.input_value() == "    x = 1"
    editor.press("Escape")
    editor.press("Tab")  # Esc then Tab leaves the editor
    assert page.evaluate("document.activeElement.id") == "check"
    page.set_viewport_size({"width": 380, "height": 800})  # a phone
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    _shot(page, "phone-width")


def test_two_students_never_see_each_others_code_whatever_url_they_try(site, browser) -> None:
    running, url = site
    bobs = running.submit("bob", source=WRONG).json()["id"]
    page = signed_in(browser, url, running.tokens["ada"])
    answer = page.request.get(f"{url}/v1/submissions/{bobs}")
    assert answer.status == 404
    events = page.request.get(f"{url}/v1/submissions/{bobs}/events")
    assert events.status == 404
    listed = page.request.get(f"{url}/v1/submissions?student=bob").json()
    assert listed["student"] == "ada" and listed["submissions"] == []
    assert page.request.get(f"{url}/class/nqueens").status == 403
    assert page.request.get(f"{url}/metrics").status == 403
    bob = signed_in(browser, url, running.tokens["bob"])  # a second browser context
    bob.goto(f"{url}/problems/nqueens#submission={bobs}")
    bob.locator("#rows tr").nth(8).wait_for(timeout=30_000)
    bob.locator("#rows tr", has_text="hidden 4").wait_for(timeout=30_000)
    rows = bob.locator("#rows tr").all_inner_texts()
    hidden = [row for row in rows if row.startswith("hidden ")]
    # a hidden test's row: its neutral name, no figures, a message about no input
    assert len(hidden) == 4 and all("n3" not in row and "MiB" not in row for row in hidden)
    assert all("hidden test" in row or "\tAC\t" in row for row in hidden), rows
    teacher = signed_in(browser, url, running.tokens["teacher"])
    teacher.goto(f"{url}/class/nqueens")
    assert "bob" in teacher.locator("table.class").inner_text()
    revealed = teacher.request.get(f"{url}/v1/submissions/{bobs}").json()["result"]["tests"]
    assert all(test["input"] is not None for test in revealed)
    _shot(teacher, "instructor-class-view")
