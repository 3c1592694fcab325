"""Where a class-based language's grader code goes: inside the student's `class Solution`,
before its closing brace (C++, Java and C# call the entry point on a Solution, and a method
a later step writes is one of its members)."""

from __future__ import annotations

import re

from .base import Joined, appended

CLASS: re.Pattern[str] = re.compile(r"\b(?:class|struct)\s+Solution\b[^{;]*\{")


def inside_solution(source: str, code: str, whole_class: str) -> Joined:
    """`code` put before the closing brace of the student's `class Solution`; where there is
    none, `whole_class` (a Solution holding `code`) after the file."""
    found = CLASS.search(source)
    closing = _closing_brace(source, found.end()) if found else None
    if closing is None:
        return appended(source, whole_class)
    first = source.count("\n", 0, closing) + 2
    block = f"\n{code}\n"
    text = source[:closing] + block + source[closing:]
    return Joined(text, range(first, first + code.count("\n") + 1))


def _closing_brace(source: str, start: int) -> int | None:
    """The index of the brace that closes the one opened just before `start`, skipping
    comments, strings and character literals; None where the file ends first."""
    depth = 1
    index = start
    while index < len(source):
        two = source[index : index + 2]
        if two == "//":
            index = source.find("\n", index)
            if index < 0:
                return None
        elif two == "/*":
            index = source.find("*/", index + 2)
            if index < 0:
                return None
            index += 1
        elif source[index] in "\"'":
            index = _literal_end(source, index)
        elif source[index] == "{":
            depth += 1
        elif source[index] == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return None


def _literal_end(source: str, start: int) -> int:
    quote = source[start]
    index = start + 1
    while index < len(source) and source[index] != quote:
        index += 2 if source[index] == "\\" else 1
    return index
