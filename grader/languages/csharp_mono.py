"""What Mono's C# compiler (mcs, C# 7.2: the only C# compiler Debian or PyPI offers) gets
wrong or leaves unsaid, so that a correct modern C# file is never judged wrong here.

mcs assigns a tuple deconstruction `(a[i], a[j]) = (a[j], a[i])` one element after the other
when its targets are array elements or fields (locals it gets right), so a swap loses a value
and a correct program prints a wrong answer. Such a statement is refused before compiling,
with the reason. And where a newer C# feature makes mcs report a bare syntax or type error,
the error is followed by what C# it takes and how the line is written for it."""

from __future__ import annotations

import re
from typing import Final

LANGUAGE_VERSION: Final = "7.2"
CSHARP_LEVEL: Final = (
    f"C# {LANGUAGE_VERSION} (Mono's mcs), without local functions; newer C# (switch "
    "expressions, `is not`, `??=`, ranges `a[1..]` and `^1`, target-typed `new()`, "
    "collection expressions `[1, 2]`, records) is not accepted"
)
# mcs's errors that a feature newer than it takes for bad syntax (CS1001: a range's `..`).
PARSE_ERRORS: Final = (
    "error CS1525",
    "error CS1547",
    "error CS1002",
    "error CS1519",
    "error CS1041",
    "error CS1001",
)
OLDER_WAY: Final = (
    "write it the older way (a lambda or a private method for a local function, "
    "`new List<int>()` for `new()`, `new[] {1, 2}` for `[1, 2]`, `a.Skip(1).ToArray()` for "
    "`a[1..]`, `a[a.Length - 1]` for `a[^1]`)"
)
# Types of newer .NET than Mono's library, and what to write instead.
NEWER_TYPES: Final = {
    "PriorityQueue": "a SortedSet<(int priority, int id)> (Min, Remove) or a heap of your own",
    "Range": "the indexes themselves (Skip, Take, or a loop)",
    "Index": "`a.Length - 1` for `^1`",
}
# A statement that starts with a parenthesized list of targets assigned a value: a tuple
# deconstruction. One level of parentheses inside (`a[f(i)]`) is allowed.
TUPLE_ASSIGNMENT: Final = (
    r"(?:^|(?<=[;{}]))\s*\(((?:[^()\n;=]|\([^()\n;]*\))*,(?:[^()\n;=]|\([^()\n;]*\))*)\)"
    r"\s*=(?![=>])[^;]*;"
)
TYPE_HEADER: Final = re.compile(r"\b(?:class|struct|record|interface)\s+\w+[^;{}]*$")
IDENTIFIER: Final = re.compile(r"^[A-Za-z_]\w*$")


def miscompiled(source: bytes, file_name: str) -> str:
    """The compile error of a statement mcs would build wrongly, or ""."""
    fields = field_names(source.decode("utf-8", "replace"))
    text = source.decode("utf-8", "replace")
    for found in re.finditer(TUPLE_ASSIGNMENT, _without_comments(text), re.MULTILINE):
        targets = [target.strip() for target in _top_level_split(found[1])]
        if all(_is_local(target, fields) for target in targets):
            continue
        line = text.count("\n", 0, found.start() + len(found[0]) - len(found[0].lstrip())) + 1
        statement = found[0].strip()
        return (
            f"{file_name}:{line}: `{statement}`: Mono's C# compiler (the only one offered "
            "here) assigns a tuple of array elements or fields one by one, so this line would "
            "lose a value and run wrongly; swap through a temporary instead: "
            "`var t = a[i]; a[i] = a[j]; a[j] = t;`"
        )
    return ""


def explained(said: str) -> str:
    """mcs's words with what they leave unsaid, where a newer C# feature caused them."""
    for name, instead in NEWER_TYPES.items():
        if re.search(rf"error CS0246: The type or namespace name `{name}'", said):
            return (
                f"{said}\nThis judge compiles {CSHARP_LEVEL}; Mono's library has no {name} "
                f"(.NET 6 and later): use {instead}."
            )
    if "error CS0131" in said:
        return (
            f"{said}\nMono's C# compiler cannot assign to a tuple of these targets: swap through "
            "a temporary instead (`var t = a[i]; a[i] = a[j]; a[j] = t;`)."
        )
    if any(code in said for code in PARSE_ERRORS):
        return (
            f"{said}\nThis judge compiles {CSHARP_LEVEL}: if the line above uses one of "
            f"those, {OLDER_WAY}."
        )
    return said


def field_names(text: str) -> set[str]:
    """The names declared directly in a type's body (fields), not in a method's."""
    text = _without_comments(text)
    names: set[str] = set()
    kinds: list[str] = []
    segment_start = 0
    for index, char in enumerate(text):
        if char not in "{};":
            continue
        segment = text[segment_start:index]
        segment_start = index + 1
        if char == "{":
            kinds.append("type" if TYPE_HEADER.search(segment) else "block")
            continue
        if char == ";" and kinds and kinds[-1] == "type":
            names |= _declared(segment)
        if char == "}" and kinds:
            kinds.pop()
    return names


def _declared(segment: str) -> set[str]:
    """The names a field declaration (`int x = 1, y;`) declares; none for a method's."""
    head = segment.split("=", 1)[0]
    if "(" in head:
        return set()
    names = set()
    for part in _top_level_split(segment):
        before = part.split("=", 1)[0].strip()
        found = re.search(r"([A-Za-z_]\w*)\s*$", before)
        if found:
            names.add(found[1])
    return names


def _is_local(target: str, fields: set[str]) -> bool:
    """A target mcs assigns right in a tuple: a local (or discarded, or declared here)."""
    words = target.split()
    name = words[-1] if words else ""
    if len(words) > 1:  # `var x`, `int x`: declared here, a local
        return IDENTIFIER.match(name) is not None
    return IDENTIFIER.match(name) is not None and name not in fields


def _top_level_split(text: str) -> list[str]:
    """`text` split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "([<{":
            depth += 1
        elif char in ")]>}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _without_comments(text: str) -> str:
    """`text` with its comments and string literals blanked, its line breaks kept."""
    return re.sub(
        r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"',
        lambda found: re.sub(r"[^\n]", " ", found[0]),
        text,
        flags=re.DOTALL,
    )
