"""The ICPC package format's default output validator, table-driven: its flags as the
specification defines them, and where the output first differs, said."""

from __future__ import annotations

import pytest

from grader.packages.default_output import DefaultOutput

CASES = [
    # flags, judge's answer, the program's output, accepted, words the message must hold
    ("", "3\nYES\n", "3 yes", True, "correct"),
    ("case_sensitive", "3\nYES\n", "3\nyes\n", False, 'line 2, token 2: expected "YES", got "yes"'),
    ("", "1 2 3\n", "1 2 4\n", False, 'line 1, token 3: expected "3", got "4"'),
    ("", "1 2 3\n", "1 2\n", False, 'the output ends after 2 tokens; the answer goes on with "3"'),
    ("", "1 2\n", "1 2\n3\n", False, 'line 2: output after the answer\'s end: "3"'),
    ("space_change_sensitive", "1 2\n", "1  2\n", False, "line 1: the spacing differs"),
    ("space_change_sensitive", "1 2\n", "1 2\n", True, "correct"),
    ("", "0.5\n", "0.5000001\n", False, 'expected "0.5", got "0.5000001"'),
    ("float_tolerance 1e-6", "0.5\n", "0.5000001\n", True, "correct"),
    ("float_absolute_tolerance 1e-9", "0.5\n", "0.5000001\n", False, "(within 1e-09 absolute)"),
    ("float_relative_tolerance 1e-6", "1000000\n", "1000000.5\n", True, "correct"),
    ("float_tolerance 1e-6", "0.5\n", "half\n", False, 'expected "0.5", got "half"'),
    ("float_tolerance 1e-6", "YES 0.5\n", "yes 0.5\n", True, "correct"),
]


@pytest.mark.parametrize(("flags", "answer", "output", "accepted", "words"), CASES)
def test_default_output(flags, answer, output, accepted, words) -> None:
    result = DefaultOutput.from_flags(flags).judge(answer, output)
    assert result.passed is accepted, result.message
    assert words in result.message
    if not accepted:
        assert '"' not in result.hint  # a hidden test's hint has no token of either side


@pytest.mark.parametrize(
    ("flags", "said"),
    [("float_tolerance", "needs a number"), ("case_insensitive", "unknown validator flag")],
)
def test_a_flag_the_format_does_not_have_is_refused(flags: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        DefaultOutput.from_flags(flags)
