"""axe-core (web/node_modules, installed by set-up beside the editor's build) run in Debian's
chromium on every page a student or an instructor reads: no serious or critical violation of
WCAG 2.1 A/AA. The pages' CSP refuses injected scripts, so the checking browser context
bypasses it; the pages themselves are served as always."""

from __future__ import annotations

import json

from ..conftest import ROOT, SUBMISSIONS, require

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
WRONG = (SUBMISSIONS / "nqueens" / "wrong_answer" / "diagonal_without_abs.py").read_text()
ARTIFACTS = ROOT / "test-artifacts" / "accessibility"


def serious_violations(page, name: str) -> list[str]:
    """What axe finds serious or critical on `page`, one line each; its whole report kept."""
    page.add_script_tag(path=str(AXE))
    report = page.evaluate(
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a',"
        " 'wcag21aa']}})"
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.json").write_text(json.dumps(report["violations"], indent=1))
    return [
        f"{violation['id']} ({violation['impact']}): {violation['help']}: "
        f"{[node['target'] for node in violation['nodes']][:3]}"
        for violation in report["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def test_no_page_has_a_serious_violation(site, browser) -> None:
    require(AXE.is_file(), "axe-core", "scripts/setup (needs nodejs and npm)")
    running, url = site
    context = browser.new_context(bypass_csp=True, viewport={"width": 1000, "height": 900})
    page = context.new_page()
    page.goto(url + "/")
    assert serious_violations(page, "login") == []

    page.get_by_label("Your token").fill(running.tokens["ada"])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(url + "/")
    assert serious_violations(page, "problems") == []

    page.goto(url + "/problems/nqueens")
    page.get_by_label("Source code").fill(WRONG)
    page.get_by_label("Source code").press("Control+Enter")
    page.locator("#compare").wait_for(state="visible", timeout=30_000)
    page.get_by_label("Input").fill("n = 4")
    page.get_by_role("button", name="Run (Ctrl+')").click()
    page.locator("#run-result").wait_for(state="visible", timeout=30_000)
    assert serious_violations(page, "problem-with-results") == []
    for width, height in ((1280, 800), (375, 800)):  # the two columns, then the phone's one
        page.set_viewport_size({"width": width, "height": height})
        assert serious_violations(page, f"problem-with-results-{width}") == []

    teacher = browser.new_context(bypass_csp=True).new_page()
    teacher.goto(url + "/")
    teacher.get_by_label("Your token").fill(running.tokens["teacher"])
    teacher.get_by_role("button", name="Sign in").click()
    teacher.wait_for_url(url + "/")
    teacher.goto(url + "/class/nqueens")
    assert "ada" in teacher.locator("table.class").inner_text()
    assert serious_violations(teacher, "class-view") == []
