"""The exercise page in a real browser: Debian's chromium driven by Playwright (launched with
its executable path; Playwright never downloads a browser here). Screenshots are kept in
test-artifacts/page/."""

from __future__ import annotations

from grader.service.page import editor_bundle

from ..conftest import ROOT, SUBMISSIONS, require, require_language
from .conftest import SLOW, signed_in

ARTIFACTS = ROOT / "test-artifacts" / "page"

# LeetCode 51's board strings returned where the lesson asks for column lists: the checker
# says so on every test, the same words first.
LEETCODE_51_BOARDS = (
    "def solve_n_queens(n):\n    out, cols = [], []\n\n    def place(row):\n"
    "        if row == n:\n"
    '            out.append(["." * c + "Q" + "." * (n - c - 1) for c in cols])\n'
    "            return\n        for c in range(n):\n"
    "            if all(c != q and abs(c - q) != row - r for r, q in enumerate(cols)):\n"
    "                cols.append(c)\n                place(row + 1)\n                cols.pop()\n\n"
    "    place(0)\n    return out\n"
)
WRONG = (SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py").read_text()
RUST = (SUBMISSIONS / "nqueens" / "accepted" / "lesson.rs").read_text()
# Right on every sample, wrong on every hidden test (n = 3, 6, 7, 9).
HIDDEN_ONLY_WRONG = (
    (SUBMISSIONS / "nqueens" / "accepted" / "backtracking.py").read_text()
    + "\n\n_right = solve_n_queens\n\n\ndef solve_n_queens(n):\n"
    "    return _right(n) if n in (1, 2, 4, 5, 8) else [[0] * n]\n"
)


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _type(page, source: str) -> None:
    editor = page.get_by_label("Source code")
    editor.fill(source)  # a paste: the editor's own Tab handling is tested separately


def _source(page) -> str:
    """What the form hands in: the textarea the editor writes every change back to."""
    return page.locator("#source").input_value()


def _with_editor(page) -> None:
    """The page's CodeMirror editor, built by set-up (a skip, under CI a failure, without)."""
    require(editor_bundle(), "the page's code editor", "scripts/setup (needs nodejs and npm)")
    page.locator(".cm-editor").wait_for()


def test_a_student_checks_the_lessons_rust_with_ctrl_enter(site, browser) -> None:
    require_language("rust")
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.get_by_role("link", name="N-Queens", exact=True).click()
    _with_editor(page)
    page.get_by_label("Language").select_option("rust")
    assert "fn solve_n_queens" in _source(page)  # starter code
    _type(page, RUST)
    page.get_by_label("Source code").press("Control+Enter")  # from inside the editor
    page.locator("#rows tr").nth(8).wait_for(timeout=60_000)
    verdicts = page.locator("#rows tr td:nth-child(2)").all_inner_texts()
    assert verdicts == ["AC"] * 9
    page.get_by_text("AC: 10 / 10").wait_for()
    _shot(page, "rust-accepted")


def test_an_any_order_answer_is_compared_by_its_items(site, browser) -> None:
    """Permutations in any order: the difference names missing and extra items, never an
    index, even where the answer is no list of lists."""
    running, url = site
    page = signed_in(browser, url, running.tokens["bob"])
    page.goto(url + "/problems/permutations")
    _type(page, "def permute(nums):\n    return nums\n")  # the items, not their orders
    page.get_by_role("button", name="Submit (Ctrl+Enter)").click()
    page.locator("#compare").wait_for(state="visible", timeout=30_000)
    said = page.locator("#difference").inner_text()
    assert said.startswith("missing 6: [1,2,3], [1,3,2]") and "extra 3: 1, 2, 3" in said, said
    assert "index" not in said


def test_what_every_failing_row_says_alike_is_said_once_above_them(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["bob"])
    page.goto(url + "/problems/nqueens")
    _type(page, LEETCODE_51_BOARDS)
    page.get_by_role("button", name="Submit (Ctrl+Enter)").click()
    page.locator("#rows tr").nth(8).wait_for(timeout=30_000)
    said = page.locator("#said-once")
    said.wait_for(state="visible")
    assert said.inner_text() == (
        "this looks like LeetCode-51 board strings; return column indices instead, one int per row."
    )
    messages = page.locator("#rows td.message-cell").all_inner_texts()
    assert messages[0] == "… the board ['Q'] is the placement [0]"
    assert messages[1] == "correct: there is no solution"  # an accepted row keeps its own
    assert not any("LeetCode-51" in message for message in messages)


def test_a_find_one_sample_shows_the_answer_as_a_student_reads_it(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["bob"])
    page.goto(url + "/problems/nqueens-one")
    shown = page.locator("table.samples").inner_text()
    assert "exists" not in shown and "any one valid placement" in shown


def test_a_wrong_answer_shows_expected_beside_yours_and_a_reload_resumes(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["bob"])
    page.goto(url + "/problems/nqueens")
    _type(page, WRONG)
    page.get_by_role("button", name="Submit (Ctrl+Enter)").click()
    page.locator("#board").wait_for(state="visible", timeout=30_000)
    assert page.locator("#board").inner_text().startswith("n2:\n")  # the first failing sample
    page.locator("#compare").wait_for(state="visible")
    assert page.locator("#compare h3").inner_text().startswith("n2, the first failing sample")
    assert page.locator("#difference").inner_text() == "extra 1: [0,1]."
    assert page.locator("#compare-expected").inner_text() == "[]"
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
    assert page.locator("#compare").is_hidden()


def test_a_hidden_tests_answer_is_never_set_beside(site, browser) -> None:
    """Wrong on the hidden tests only: no expected answer, no answer of the student's."""
    running, url = site
    hidden = running.submit("ada", source=HIDDEN_ONLY_WRONG).json()["result"]["tests"]
    assert {test["verdict"] for test in hidden if test["hidden"]} == {"WA"}
    assert all(test["returned"] is None for test in hidden if test["hidden"])
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    _type(page, HIDDEN_ONLY_WRONG)
    page.get_by_label("Source code").press("Control+Enter")
    page.get_by_text("WA:").wait_for(timeout=30_000)
    assert page.locator("#compare").is_hidden()


def test_a_compile_error_is_shown_and_its_line_marked(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    _with_editor(page)
    _type(page, "def solve_n_queens(n):\n    return [\n\nx = (\n")
    page.get_by_label("Source code").press("Control+Enter")
    page.locator("#compile").wait_for(state="visible", timeout=30_000)
    assert "solution.py:" in page.locator("#compile").inner_text()
    page.get_by_text("CE: 0 / 10").wait_for()
    said = page.locator("#compile").inner_text()
    line = int(said.split("solution.py:", 1)[1].split(":", 1)[0])
    assert page.locator(".cm-lineNumbers .cm-error-gutter").inner_text() == str(line)
    assert page.locator(".cm-line.cm-error-line").count() == 1
    _shot(page, "compile-error-marked")


def test_the_editor_highlights_every_language(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    _with_editor(page)
    for language, keyword in [
        ("python", "def"),
        ("cpp", "class"),
        ("rust", "fn"),
        ("java", "class"),
        ("csharp", "class"),
    ]:
        page.get_by_label("Language").select_option(language)
        word = page.locator(".cm-content span", has_text=keyword).first
        word.wait_for()
        plain = page.locator(".cm-content .cm-line").first.evaluate(
            "e => getComputedStyle(e).color"
        )
        assert word.evaluate("e => getComputedStyle(e).color") != plain, language


def test_run_shows_the_references_answer_and_the_draft_survives_a_reload(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    _with_editor(page)
    _type(page, WRONG)
    page.get_by_label("Input").fill("n = 4")
    page.get_by_label("Source code").press("Control+'")
    page.locator("#run-result").wait_for(state="visible", timeout=30_000)
    assert page.locator("#run-verdict").inner_text().startswith("WA on n = 4")
    assert page.locator("#run-expected").inner_text() == "[1,3,0,2]\n[2,0,3,1]"
    assert "share a diagonal" in page.locator("#run-message").inner_text()
    assert page.locator("#rows tr").count() == 0  # not handed in
    page.get_by_label("Input").fill("n = 12")
    page.get_by_role("button", name="Run (Ctrl+')").click()
    page.get_by_text("outside the allowed range 1..9").wait_for()
    assert page.locator("#run-result").is_hidden()  # the refused run leaves no old result
    _shot(page, "run-on-own-input")
    page.reload()
    _with_editor(page)
    assert _source(page) == WRONG


def test_a_file_over_the_judge_s_limit_is_refused_before_it_is_sent(
    site, browser, monkeypatch
) -> None:
    """A paste over the judge's 128 KiB: that limit is said, nothing is sent, nothing
    throws."""
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    errors: list[str] = []
    page.on("console", lambda said: errors.append(said.text) if said.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    import grader.service.page as page_module

    # The plain text box (the page without its editor's bundle): a paste of 200 KB into the
    # code editor takes the browser longer than the test's patience.
    monkeypatch.setattr(page_module, "editor_bundle", lambda: False)
    page.goto(url + "/problems/nqueens")
    page.evaluate(  # 140 KB pasted (Playwright's fill types it key by key)
        """() => { const box = document.getElementById("source");
          box.value = "# padding\\n".repeat(14000);
          box.dispatchEvent(new Event("input")); }"""
    )
    page.get_by_role("button", name="Submit (Ctrl+Enter)").click()
    page.get_by_text("the judge takes files of at most 128 KiB").wait_for(timeout=30_000)
    assert page.locator("#rows tr").count() == 0
    assert errors == [], errors


def test_the_page_has_an_icon(site) -> None:
    running, url = site
    icon = running.client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content.startswith(b"<svg")


def test_the_keyboard_reaches_everything_and_a_phone_never_scrolls_sideways(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    _with_editor(page)
    editor = page.get_by_label("Source code")
    editor.fill("")
    editor.press("Tab")
    editor.type("x = 1")
    assert _source(page) == "    x = 1"
    # Pressed where the focus is (a locator's press would focus the editor first).
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")  # Esc then Tab leaves the editor: no keyboard trap
    assert page.evaluate("document.activeElement.id") == "check"
    wrong = running.submit("ada", source=WRONG).json()["id"]
    page.set_viewport_size({"width": 375, "height": 800})  # a phone
    page.goto(f"{url}/problems/nqueens#submission={wrong}")  # a hash change: no load
    page.reload()  # its rows, board and answers
    page.locator("#compare").wait_for(state="visible", timeout=30_000)
    page.get_by_label("Input").fill("n = 5")
    page.get_by_role("button", name="Run (Ctrl+')").click()
    page.locator("#run-result").wait_for(state="visible", timeout=30_000)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    _shot(page, "phone-width")


def _box(page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not laid out"
    return box


def _in_view(page, selector: str) -> bool:
    """Whether the top of `selector` is inside the window as it is scrolled now."""
    return bool(
        page.evaluate(
            "(selector) => { const top = document.querySelector(selector)"
            ".getBoundingClientRect().top; return top >= 0 && top < window.innerHeight - 40; }",
            selector,
        )
    )


def test_on_a_laptop_the_problem_sits_beside_the_editor_and_the_verdict_lands_in_view(
    site, browser
) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(url + "/problems/nqueens")
    _with_editor(page)
    statement, editor = _box(page, "#problem-side"), _box(page, ".cm-editor")
    assert statement["x"] + statement["width"] <= editor["x"]  # side by side
    assert editor["y"] < 300  # the editor starts at the top, not under the statement
    _type(page, WRONG)
    page.get_by_label("Source code").press("Control+Enter")
    page.get_by_text("WA:").wait_for(timeout=30_000)
    page.locator("#compare").wait_for(state="visible")
    page.screenshot(path=str(ARTIFACTS / "laptop-wrong-answer-window.png"))
    assert _in_view(page, "#verdict") and _in_view(page, "#compare")
    assert page.evaluate("document.activeElement.closest('.cm-editor') !== null")


def test_on_a_phone_the_editor_is_reached_without_scrolling_past_the_problem(site, browser) -> None:
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(url + "/problems/nqueens")
    _with_editor(page)
    assert _in_view(page, ".cm-editor")
    assert page.locator("#statement-box article").is_hidden()  # folded under its title
    page.get_by_text("The problem: N-Queens").click()
    assert page.locator("#statement-box article").is_visible()
    page.get_by_text("The problem: N-Queens").click()
    _type(page, WRONG)
    page.get_by_label("Source code").press("Control+Enter")
    page.get_by_text("WA:").wait_for(timeout=30_000)
    page.locator("#compare").wait_for(state="visible")
    page.screenshot(path=str(ARTIFACTS / "phone-wrong-answer-window.png"))
    assert _in_view(page, "#verdict")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_without_the_editors_bundle_the_textarea_still_works(site, browser, monkeypatch) -> None:
    import grader.service.page as page_module

    monkeypatch.setattr(page_module, "editor_bundle", lambda: False)
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens")
    assert page.locator(".cm-editor").count() == 0
    editor = page.get_by_label("Source code")
    editor.fill("")
    editor.press("Tab")
    assert editor.input_value() == "    "
    _type(page, WRONG)
    editor.press("Control+Enter")
    page.get_by_text("WA:").wait_for(timeout=30_000)
    editor.focus()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "check"


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


def test_a_lesson_shows_its_steps_and_each_check_moves_to_the_first_not_passed(
    site, browser
) -> None:
    """The guided lesson: step 1 of 15 open on arrival; a check of code that forgets pop()
    passes steps 1 to 11, marks them, opens step 12 and says why in the lesson's words; a
    reload shows the best so far, from the student's history."""
    running, url = site
    page = signed_in(browser, url, running.tokens["ada"])
    page.goto(url + "/problems/nqueens-lesson-python")
    assert page.locator("#steps-title").inner_text() == "Step 1 of 15"
    assert page.locator("#step-1 details").get_attribute("open") is not None
    assert page.locator("#run").count() == 0  # checked on the code as it is: no Run
    assert "def solve_n_queens(n: int)" in _source(page)  # the lesson's starter
    _type(page, (SUBMISSIONS / "nqueens-lesson-python" / "step-12" / "no_pop.py").read_text())
    page.get_by_label("Source code").press("Control+Enter")
    page.get_by_text("WA: 11 / 15").wait_for(timeout=60_000)
    assert page.locator("#steps-title").inner_text() == "Step 12 of 15"
    assert page.locator(".step-list li.passed").count() == 11
    assert page.locator("#step-12").get_attribute("aria-current") == "step"
    assert page.locator("#step-12 details").get_attribute("open") is not None
    failing = page.locator("#rows tr").last.inner_text()
    assert "without pop(), the queens of the columns already tried stay" in failing
    _shot(page, "lesson-step-12")
    page.reload()
    page.get_by_text("Your best so far: 11 of 15 steps passed.").wait_for()
    assert page.locator("#steps-title").inner_text() == "Step 12 of 15"
