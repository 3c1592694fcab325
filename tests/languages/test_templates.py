"""`grader template` prints starter code that fits the harness's driver in every language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grader.cli import main
from grader.kinds import grade, load_problem
from grader.languages import FUNCTION_LANGUAGES
from grader.problem import Problem
from grader.verdicts import Verdict

from ..conftest import PROBLEMS, require_language

# What a student types into the empty body: a wrong (empty) answer that compiles.
EMPTY_ANSWER = {
    "python": ("    ...\n", "    return []\n"),
    "cpp": ("        \n", "        return {};\n"),
    "rust": ("        \n", "        vec![]\n"),
    "java": ("        \n", "        return new ArrayList<>();\n"),
    "csharp": ("        \n", "        return new List<IList<int>>();\n"),
}
FILE_NAME = {
    "python": "solution.py",
    "cpp": "solution.cpp",
    "rust": "solution.rs",
    "java": "Solution.java",
    "csharp": "Solution.cs",
}


def test_every_language_has_a_filled_template_case() -> None:
    assert set(EMPTY_ANSWER) == set(FUNCTION_LANGUAGES) == set(FILE_NAME)


@pytest.mark.parametrize("language", sorted(FUNCTION_LANGUAGES))
def test_the_template_fits_the_driver(
    language,
    capsys,
    make_submission,
    nqueens,
    nqueens_answers,
    tmp_path,
    monkeypatch,
    process_sandbox,
) -> None:
    require_language(language)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert main(["template", "--language", language]) == 0
    template = capsys.readouterr().out
    entry = nqueens.entry_names(language)[0]
    assert entry in template
    empty, answer = EMPTY_ANSWER[language]
    assert empty in template
    source = template.replace(empty, answer, 1)
    result = grade(
        nqueens, nqueens_answers, make_submission(source, FILE_NAME[language]), process_sandbox
    )
    assert result.verdict is Verdict.WA, result.compile_output  # compiled, ran, answered
    assert result.tests[0].verdict is Verdict.WA  # n = 1 has one solution; [] misses it


# Every function problem's signature, the course's and the fixtures' that cover the other
# types (a tree, a list, a void in place, every scalar): one starter each per language.
SIGNATURE_PROBLEMS = sorted(
    path.parent
    for root in (PROBLEMS, Path(__file__).parent)
    for path in root.glob("*/problem.yaml")
    if "entry_points:" in path.read_text()
)
# A body that returns something of any type, so the rest of the starter is what compiles.
RETURNS_ANYTHING = {
    "cpp": "        return {};\n",
    "rust": "        Default::default()\n",
    "csharp": "        return default;\n",
}
JAVA_DEFAULTS = {"int": "0", "long": "0", "float": "0", "bool": "false", "char": "'a'"}


def _filled(language: str, problem: Problem, starter: str) -> str:
    if problem.returns == "void":
        return starter
    body = RETURNS_ANYTHING.get(language)
    if language == "java":
        body = f"        return {JAVA_DEFAULTS.get(problem.returns, 'null')};\n"
    return starter.replace("        \n", body, 1) if body else starter


@pytest.mark.parametrize("folder", SIGNATURE_PROBLEMS, ids=lambda folder: folder.name)
def test_every_python_starter_is_clean_for_ruff(folder, tmp_path) -> None:
    problem = load_problem(folder)
    starter = FUNCTION_LANGUAGES["python"].template(problem)
    (tmp_path / "solution.py").write_text(starter)
    # The default rules (pyflakes' undefined names among them), as a student's editor runs.
    linted = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--isolated", "--no-cache", "solution.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert linted.returncode == 0, starter + linted.stdout


@pytest.mark.parametrize("language", sorted(set(FUNCTION_LANGUAGES) - {"python"}))
@pytest.mark.parametrize("folder", SIGNATURE_PROBLEMS, ids=lambda folder: folder.name)
def test_every_starter_compiles_in_every_language(
    folder, language, make_submission, tmp_path, monkeypatch, process_sandbox
) -> None:
    require_language(language)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    problem = load_problem(folder)
    spoken = FUNCTION_LANGUAGES[language]
    source = _filled(language, problem, spoken.template(problem))
    built = spoken.build(make_submission(source, FILE_NAME[language]), problem, process_sandbox)
    assert built.program is not None, f"{source}\n{built.compile_output}"
