"""Answers written into the source instead of computed: a literal table of them, a lookup in
one by the input, a ladder of cases on the input, or a long string decoded at run time. Read
from the source alone (Python's `ast`, from_ast.py; the brace languages' tokens,
from_tokens.py), matched against the problem's stored answers where a table holds them, so
the flag can say which."""

from __future__ import annotations

import ast
from collections.abc import Mapping

from ..languages import LANGUAGES
from ..problem import Problem
from ..results import Flag
from .common import AnswerMatcher
from .from_ast import PythonReader
from .from_tokens import brace_flags
from .tokens import Token, tokens


def hardcoded_flags(
    source: bytes, language: str, problem: Problem, answers: Mapping[str, object]
) -> tuple[Flag, ...]:
    text = source.decode("utf-8", "replace")
    params = tuple(param.name for param in problem.params)
    matcher = AnswerMatcher(problem, answers)
    entries = problem.entry_points.get(language, ())
    family = LANGUAGES[language].family
    if family == "python":
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return ()  # not parsed here, nor by the sandboxed interpreter: CE, nothing stored
        # The inputs as the student named them: a copied ladder renamed `n` too.
        params += tuple(
            arg.arg
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name in entries
            for arg in node.args.args
            if arg.arg != "self"
        )
        return tuple(PythonReader(tree, params, matcher).flags())
    found = tokens(text, family)
    return tuple(brace_flags(found, params + _brace_parameters(found, entries), matcher))


def _brace_parameters(found: list[Token], entries: tuple[str, ...]) -> tuple[str, ...]:
    """The names the entry point's parameters have in this file: each the last name before
    a `,` or the closing `)` of its parameter list."""
    names: list[str] = []
    for index, token in enumerate(found[:-1]):
        if token.text in entries and found[index + 1].text == "(":
            depth = 0
            for previous, current in zip(found[index + 1 :], found[index + 2 :], strict=False):
                depth += {"(": 1, ")": -1}.get(previous.text, 0)
                if current.text in ",)" and depth == 1 and previous.kind == "name":
                    names.append(previous.text)
                if current.text == ")" and depth == 1:
                    break
    return tuple(names)
