from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree

import pytest

from grader.text import inert_in_logs, json_inert_in_logs, printable, xml_inert_in_logs


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("plain text, tab\tand\nnewline", "plain text, tab\tand\nnewline"),
        ("\x1b[2J\x1b]52;c;cHduZWQ=\x07", "\\x1b[2J\\x1b]52;c;cHduZWQ=\\x07"),
        ("over\rwritten", "over\\x0dwritten"),
        ("\x9b31m C1 CSI", "\\x9b31m C1 CSI"),
        ("lone \udfff surrogate", "lone \\udfff surrogate"),
        ("\u202ereversed\u2066", "\\u202ereversed\\u2066"),
        ("\x00\x7f\ufffe", "\\x00\\x7f\\ufffe"),
        ("accents é, ∑ and 王 stay", "accents é, ∑ and 王 stay"),
    ],
)
def test_printable_escapes_what_a_terminal_or_parser_would_obey(raw: str, shown: str) -> None:
    assert printable(raw) == shown
    assert printable(shown) == shown
    shown.encode("utf-8")


def test_a_name_is_kept_on_one_line() -> None:
    assert printable("c\n::error::x\t.py", one_line=True) == "c\\x0a::error::x\\x09.py"


def test_log_commands_are_defused_but_cpp_scopes_are_not() -> None:
    text = "std::vector<int> v;\n  ::error file=README.md::x\n::warning::y ##[error]z"
    assert inert_in_logs(text) == (
        "std::vector<int> v;\n  \\::error file=README.md::x\n\\::warning::y #\\#[error]z"
    )


def test_json_and_xml_keep_their_values() -> None:
    value = {"message": "a\n::error::b ##[error]c"}
    document = json_inert_in_logs(json.dumps(value))
    assert "##[" not in document and json.loads(document) == value
    xml = xml_inert_in_logs("<m>a\n::error::b ##[error]c</m>")
    assert "##[" not in xml and "\n::" not in xml
    assert ElementTree.fromstring(xml).text == "a\n::error::b ##[error]c"
