"""`grader template` prints starter code that fits the harness's driver in every language."""

from __future__ import annotations

import pytest

from grader.cli import main
from grader.kinds import grade
from grader.languages import FUNCTION_LANGUAGES
from grader.verdicts import Verdict

from ..conftest import require_language

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
