"""Source as tokens, for every language: Python by its own tokenizer, the brace languages
(C++, Rust, Java, C#) by one regular expression that knows their comments, strings and
numbers. Enough to find literals and branches, and to compare two files' shapes."""

from __future__ import annotations

import io
import keyword
import re
import tokenize
from dataclasses import dataclass
from typing import Final

from ..languages.base import SourceFamily

NAME, NUMBER, STRING, OP = "name", "number", "string", "op"


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    text: str
    line: int


_BRACE: Final = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>r\#*"(?:.|\n)*?"\#*|@?"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])'|'[A-Za-z_]\w*)
  | (?P<number>0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?[A-Za-z_0-9]*)
  | (?P<name>[A-Za-z_]\w*!?)
  | (?P<op>::|->|=>|==|!=|<=|>=|&&|\|\||\+\+|--|[-+*/%&|^!~<>=?:;,.(){}\[\]\#@$])
    """,
    re.VERBOSE | re.DOTALL,
)
BRACE_KEYWORDS: Final = frozenset(
    [
        "if",
        "else",
        "for",
        "while",
        "do",
        "return",
        "break",
        "continue",
        "switch",
        "case",
        "default",
        "match",
        "fn",
        "let",
        "mut",
        "impl",
        "struct",
        "class",
        "public",
        "private",
        "static",
        "const",
        "new",
        "void",
        "int",
        "long",
        "bool",
        "boolean",
        "auto",
        "vector",
        "List",
        "ArrayList",
        "Vec",
        "vec!",
        "usize",
        "i32",
        "i64",
        "u64",
        "var",
        "using",
        "namespace",
        "std",
        "true",
        "false",
        "null",
        "self",
        "Self",
        "this",
        "in",
        "of",
        "template",
        "typename",
        "unsigned",
        "char",
        "string",
        "String",
        "Integer",
        "final",
        "override",
        "def",
        "loop",
        "as",
        "where",
        "pub",
        "crate",
        "mod",
        "use",
        "super",
        "import",
        "package",
        "foreach",
        "yield",
    ]
)


def tokens(source: str, family: SourceFamily) -> list[Token]:
    """The file's tokens without comments and layout; [] where it does not tokenize."""
    return _python(source) if family == "python" else _brace(source)


def _python(source: str) -> list[Token]:
    found: list[Token] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.NAME:
                found.append(Token(NAME, token.string, token.start[0]))
            elif token.type == tokenize.NUMBER:
                found.append(Token(NUMBER, token.string, token.start[0]))
            elif token.type == tokenize.STRING:
                found.append(Token(STRING, token.string, token.start[0]))
            elif token.type == tokenize.OP:
                found.append(Token(OP, token.string, token.start[0]))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return found
    return found


def _brace(source: str) -> list[Token]:
    found: list[Token] = []
    line = 1
    position = 0
    while position < len(source):
        matched = _BRACE.match(source, position)
        if matched is None:  # a character no rule knows: skip it
            position += 1
            continue
        kind = matched.lastgroup
        text = matched.group()
        if kind in (NAME, NUMBER, STRING, OP):
            found.append(Token(kind, text, line))
        line += text.count("\n")
        position = matched.end()
    return found


def is_keyword(token: Token, family: SourceFamily) -> bool:
    if family == "python":
        return keyword.iskeyword(token.text) or token.text in {"len", "range", "print", "self"}
    return token.text in BRACE_KEYWORDS
