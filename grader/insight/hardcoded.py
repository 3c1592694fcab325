"""Answers written into the source instead of computed: a literal table of them, a lookup in
one by the input, a ladder of cases on the input, or a long string decoded at run time. Read
from the source alone (Python's `ast`, python_flags.py; the brace languages' tokens,
brace_flags.py), matched against the problem's stored answers where a table holds them, so
the flag can say which."""

from __future__ import annotations

import ast
from collections.abc import Mapping

from ..problem import Problem
from ..results import Flag
from .brace_flags import brace_flags
from .common import AnswerMatcher
from .python_flags import PythonReader
from .tokens import tokens


def hardcoded_flags(
    source: bytes, language: str, problem: Problem, answers: Mapping[str, object]
) -> tuple[Flag, ...]:
    text = source.decode("utf-8", "replace")
    params = tuple(param.name for param in problem.params)
    matcher = AnswerMatcher(problem, answers)
    if language == "python":
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            return ()
        return tuple(PythonReader(tree, params, matcher).flags())
    return tuple(brace_flags(tokens(text, language), params, matcher))
