"""What a file declares that the judge refuses before compiling, in the student's words: what
a driver can never build beside (a `main` of the student's own, a package), and a method
written outside any class in the languages whose methods live in one (Java, C#), where the
compilers' own words point past the student's code (mcs: a column in the imports the judge
puts on line 1; javac: "class, interface, enum, or record expected")."""

from __future__ import annotations

import re
from typing import Final

# A method's header and its opening brace: modifiers, a return type (generic, an array), a
# name and its parameters. Not a type's header: those have no parentheses before the brace
# (a Java record's components are excluded by name).
METHOD_HEADER: Final = re.compile(
    r"^[ \t]*(?:(?:public|private|protected|internal|static|final|override|virtual|abstract|"
    r"async|unsafe|sealed|synchronized)\s+)*"
    r"(?!(?:class|interface|enum|record|struct|namespace|new|return|else|if|for|foreach|while|"
    r"switch|catch|using)\b)"
    r"[A-Za-z_][\w<>\[\],.?]*(?:\s*<[^(){};]*>)?(?:\s*\[\s*\])*\s+[A-Za-z_]\w*\s*\([^;{}]*\)"
    r"\s*(?:throws\s+[\w.,\s]+)?\{",
    re.MULTILINE,
)
LITERALS_AND_COMMENTS: Final = re.compile(
    r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])+'", re.DOTALL
)


def code_only(text: str) -> str:
    """`text` with its comments and literals blanked (lines and columns kept)."""
    return LITERALS_AND_COMMENTS.sub(lambda found: re.sub(r"[^\n]", " ", found[0]), text)


def declaration(source: bytes, pattern: str) -> tuple[int, str] | None:
    """The first line (1-based, and its text) that `pattern` matches outside comments and
    literals."""
    text = code_only(source.decode("utf-8", "replace"))
    found = re.search(pattern, text, re.MULTILINE)
    return None if found is None else (_line_of(text, found), found[0].strip())


def _line_of(text: str, found: re.Match[str]) -> int:
    # A pattern's leading `\s*` may span blank lines: the line is the declaration's own.
    start = found.start() + len(found[0]) - len(found[0].lstrip())
    return text.count("\n", 0, start) + 1


def refused(source: bytes, file_name: str, pattern: str, advice: str) -> str:
    """The compile error of what a driver can never build beside, or "": the line to
    remove, named."""
    found = declaration(source, pattern)
    if found is None:
        return ""
    line, text = found
    return f"{file_name}:{line}: remove `{text}`: {advice}"


def method_outside_class(source: bytes, file_name: str, language: str, wrapper: str) -> str:
    """The compile error of the first method declared outside every class, or ""."""
    text = source.decode("utf-8", "replace")
    code = code_only(text)
    for found in METHOD_HEADER.finditer(code):
        before = code[: found.start()]
        if before.count("{") - before.count("}") > 0:
            continue
        line = _line_of(code, found)
        header = " ".join(found[0].rstrip("{").split())
        opening = wrapper.splitlines()[0].rstrip(" {")
        return (
            f"{file_name}:{line}: `{header}` is outside any class: a {language} method lives "
            f"inside a class; put it inside `{opening} {{ ... }}`, as the starter code shows"
        )
    return ""


def entry_line(source: bytes, names: tuple[str, ...]) -> int | None:
    """The line that declares the entry point (`def`, `fn`, or a method's header: the first
    of its accepted names followed by `(` outside comments and literals), or None."""
    spelled = "|".join(re.escape(name) for name in names)
    for pattern in (rf"\b(?:def|fn)\s+(?:{spelled})\s*[(<]", rf"\b(?:{spelled})\s*\("):
        found = declaration(source, pattern)
        if found is not None:
            return found[0]
    return None
