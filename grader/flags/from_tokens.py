"""Stored answers in a C++, Rust, Java or C# file, read from its tokens: runs of literal
numbers in braces or `vec![...]`/`List.of(...)`, comparisons and cases on an input, long
string literals."""

from __future__ import annotations

from collections.abc import Iterable

from ..results import Flag, FlagKind
from .common import LONG_STRING_CHARS, TABLE_NUMBERS, TABLE_WORDS, AnswerMatcher, ladder_flags
from .tokens import NAME, NUMBER, OP, STRING, Token


def brace_flags(found: list[Token], params: tuple[str, ...], matcher: AnswerMatcher) -> list[Flag]:
    flags = [*_brace_tables(found, matcher), *_brace_ladder(found, params)]
    for token in found:
        if token.kind == STRING and len(token.text) >= LONG_STRING_CHARS:
            flags.append(
                Flag(
                    FlagKind.ENCODED,
                    f"a {len(token.text):,}-character string literal (line {token.line}): "
                    "encoded answers?",
                    token.line,
                )
            )
    return sorted(flags, key=lambda flag: flag.line or 0)


def _literal_token(token: Token) -> bool:
    return (
        token.kind == NUMBER
        or (token.kind == OP and token.text in ",{}[]()-.:<>")
        or (token.kind == NAME and token.text in TABLE_WORDS)
    )


def _brace_tables(found: list[Token], matcher: AnswerMatcher) -> Iterable[Flag]:
    start = 0
    while start < len(found):
        if not _literal_token(found[start]):
            start += 1
            continue
        end = start
        while end < len(found) and _literal_token(found[end]):
            end += 1
        run = found[start:end]
        if sum(1 for token in run if token.kind == NUMBER) >= TABLE_NUMBERS:
            rows = _rows(run)
            if rows:
                yield Flag(FlagKind.TABLE, matcher.described(rows, run[0].line), run[0].line)
        start = end


def _rows(run: list[Token]) -> list[tuple[int, ...]]:
    """The innermost bracketed groups that hold numbers only."""
    rows: list[tuple[int, ...]] = []
    stack: list[list[int] | None] = []
    for token in run:
        if token.text in "{[(":
            stack.append([])
        elif token.text in "}])" and stack:
            group = stack.pop()
            if group:
                rows.append(tuple(group))
            if stack:
                stack[-1] = None  # holds a group: not a row itself
        elif token.kind == NUMBER and stack and stack[-1] is not None:
            try:
                stack[-1].append(int(token.text.rstrip("LlUu").replace("_", ""), 0))
            except ValueError:
                stack[-1] = None
    return rows


def _brace_ladder(found: list[Token], params: tuple[str, ...]) -> Iterable[Flag]:
    seen: dict[str, list[tuple[int, int, str]]] = {}
    switched = {
        found[i + 1].text
        for i, token in enumerate(found[:-1])
        if token.text in ("switch", "match") and found[i + 1].text in params
    } | {
        found[i + 2].text
        for i, token in enumerate(found[:-2])
        if token.text in ("switch", "match")
        and found[i + 1].text == "("
        and found[i + 2].text in params
    }
    for i, token in enumerate(found[:-2]):
        nxt, after = found[i + 1], found[i + 2]
        if (
            token.kind == NAME
            and token.text in params
            and nxt.text == "=="
            and after.kind == NUMBER
        ):
            seen.setdefault(token.text, []).append(
                (_int(after), token.line, f"if ({token.text} == {after.text})")
            )
        elif token.kind == NUMBER and nxt.text == "==" and after.text in params:
            seen.setdefault(after.text, []).append(
                (_int(token), token.line, f"if ({token.text} == {after.text})")
            )
        elif token.text == "case" and nxt.kind == NUMBER and switched:
            name = sorted(switched)[0]
            seen.setdefault(name, []).append((_int(nxt), token.line, f"case {nxt.text}:"))
        elif token.kind == NUMBER and nxt.text == "=>" and switched:
            name = sorted(switched)[0]
            seen.setdefault(name, []).append((_int(token), token.line, f"{token.text} => ..."))
    yield from ladder_flags(seen)


def _int(token: Token) -> int:
    try:
        return int(token.text.rstrip("LlUu").replace("_", ""), 0)
    except ValueError:
        return -1
