"""The documentation a reader copies from: every `grader` command line in the README and the
pages of docs/ parses, every link between them lands on a file and a heading, each page's
contents match its headings, and the shipped GitHub Actions workflow runs real commands."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import yaml

from grader.cli.parser import parser as _parser

from .conftest import ROOT

PAGES = sorted((ROOT / "docs").glob("*.md"))
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *PAGES]
LINK = re.compile(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)")


def _anchors(path: Path) -> set[str]:
    """GitHub's anchors for a Markdown file's headings (outside code blocks)."""
    found, fenced = set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        fenced ^= line.startswith("```")
        heading = re.match(r"^#{1,6} (.+)$", line)
        if heading and not fenced:
            found.add(re.sub(r"[^\w\- ]", "", heading[1].strip().lower()).replace(" ", "-"))
    return found


def _commands(text: str) -> list[str]:
    blocks = re.findall(r"```(?:sh|console)\n(.*?)```", text, flags=re.S)
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    return [
        line.strip().removeprefix("$ ").split("  #")[0]
        for line in lines
        if line.strip().removeprefix("$ ").startswith("grader ")
        and "[" not in line  # the synopsis, not a command
    ]


def test_the_workflow_runs_real_grader_commands() -> None:
    workflow = yaml.safe_load((ROOT / "docs" / "grade-exercise.yml").read_text())
    steps = workflow["jobs"]["grade"]["steps"]
    commands = [
        step["run"] for step in steps if "run" in step and ".venv/bin/grader" in step["run"]
    ]
    assert len(commands) >= 2
    parser = _parser()
    for command in commands:
        words = shlex.split(command.replace("|| true", ""))
        args = parser.parse_args(words[1:])  # exits (fails the test) on an unknown option
        assert args.command in ("grade", "doctor")


def test_every_grader_command_in_the_documentation_parses() -> None:
    """What a reader copies is a command line this grader takes."""
    commands = [c for path in DOCUMENTS for c in _commands(path.read_text(encoding="utf-8"))]
    assert len(commands) >= 8  # the regex found the blocks
    parser = _parser()
    for command in commands:
        words = shlex.split(command, comments=True)
        parser.parse_args(words[1:])  # an unknown option or command fails the test


def test_every_link_lands_on_a_file_and_a_heading() -> None:
    broken, checked = [], 0
    for path in DOCUMENTS:
        for target, anchor in LINK.findall(path.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            checked += 1
            landed = (path.parent / target).resolve() if target else path
            if not landed.exists():
                broken.append(f"{path.name}: {target}")
            elif anchor and landed.suffix == ".md" and anchor not in _anchors(landed):
                broken.append(f"{path.name}: {target}#{anchor}")
    assert checked > 50 and broken == []


def test_the_readme_maps_every_page_and_stays_short() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 220
    assert all(f"(docs/{page.name})" in readme for page in PAGES)


def test_each_page_lists_its_own_headings() -> None:
    """Its contents are what scripts/docs-toc writes from its headings, in their order."""
    checked = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "docs-toc"), "--check"],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout
    assert len(PAGES) >= 6 and all("## Contents" in p.read_text() for p in PAGES)


def test_the_link_checker_finds_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n## Real one\n\n[a](#real-one) [b](#not-here) [c](gone.md)\n")
    links = LINK.findall(page.read_text())
    assert ("", "not-here") in links and ("gone.md", "") in links
    assert "real-one" in _anchors(page) and "not-here" not in _anchors(page)
