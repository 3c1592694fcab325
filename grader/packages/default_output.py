"""The ICPC problem package format's default output validator: a program's standard output
against the judge's answer, token by token, with the format's flags (`validator_flags` in
the package's problem.yaml): `case_sensitive`, `space_change_sensitive`, `float_tolerance E`,
`float_absolute_tolerance E`, `float_relative_tolerance E`. By default tokens compare without
regard to case, and any run of whitespace equals any other; a token of the judge's answer
that reads as a number is compared with the tolerances where one is given.

The message says where the output first differs: its line, its token, what was expected and
what came (issue 33: the first step to packages)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Final

from ..checkers.base import CheckResult

SHOWN_CHARACTERS: Final = 60
TOKEN: Final = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class DefaultOutput:
    case_sensitive: bool = False
    space_change_sensitive: bool = False
    float_absolute_tolerance: float | None = None
    float_relative_tolerance: float | None = None

    @classmethod
    def from_flags(cls, flags: str) -> DefaultOutput:
        """The validator the package's `validator_flags` (one string of words) ask for;
        ValueError naming an unknown flag or a tolerance that is not a number."""
        words = flags.split()
        found: dict[str, object] = {}
        at = 0
        while at < len(words):
            word = words[at]
            if word in ("case_sensitive", "space_change_sensitive"):
                found[word] = True
            elif word in (
                "float_tolerance",
                "float_absolute_tolerance",
                "float_relative_tolerance",
            ):
                if at + 1 == len(words):
                    raise ValueError(f"{word} needs a number after it")
                value = float(words[at + 1])
                if word != "float_relative_tolerance":
                    found["float_absolute_tolerance"] = value
                if word != "float_absolute_tolerance":
                    found["float_relative_tolerance"] = value
                at += 1
            else:
                raise ValueError(f"unknown validator flag {word!r}")
            at += 1
        return cls(**found)  # type: ignore[arg-type]

    def judge(self, answer: str, output: str) -> CheckResult:
        """Accepted, or where `output` first parts from `answer`, said."""
        if self.space_change_sensitive:
            spaces = _spacing(answer), _spacing(output)
            if spaces[0] != spaces[1]:
                line = _first_difference(spaces[0], spaces[1])
                return CheckResult(
                    False,
                    f"line {line}: the spacing differs from the answer's (this problem counts "
                    "spaces and line breaks)",
                    "the spacing of the output is wrong",
                )
        expected = list(_tokens(answer))
        got = list(_tokens(output))
        pairs = enumerate(zip(expected, got, strict=False))
        for index, ((_, want), (got_line, have)) in pairs:
            if not self._same(want, have):
                return CheckResult(
                    False,
                    f"line {got_line}, token {index + 1}: expected {_shown(want)}, got "
                    f"{_shown(have)}{self._tolerance_said(want)}",
                    "the output differs from the answer",
                )
        if len(got) < len(expected):
            line, want = expected[len(got)]
            return CheckResult(
                False,
                f"the output ends after {len(got)} tokens; the answer goes on with "
                f"{_shown(want)} (its line {line})",
                "the output is too short",
            )
        if len(got) > len(expected):
            line, extra = got[len(expected)]
            return CheckResult(
                False,
                f"line {line}: output after the answer's end: {_shown(extra)}",
                "the output is too long",
            )
        return CheckResult(True, "correct")

    def _same(self, want: str, have: str) -> bool:
        tolerant = (
            self.float_absolute_tolerance is not None or self.float_relative_tolerance is not None
        )
        expected = _number(want) if tolerant else None
        if expected is not None:
            got = _number(have)
            if got is None:
                return False
            difference = abs(expected - got)
            absolute = self.float_absolute_tolerance
            relative = self.float_relative_tolerance
            return (absolute is not None and difference <= absolute) or (
                relative is not None and difference <= relative * abs(expected)
            )
        return want == have if self.case_sensitive else want.lower() == have.lower()

    def _tolerance_said(self, want: str) -> str:
        if _number(want) is None:
            return ""
        parts = []
        if self.float_absolute_tolerance is not None:
            parts.append(f"{self.float_absolute_tolerance:g} absolute")
        if self.float_relative_tolerance is not None:
            parts.append(f"{self.float_relative_tolerance:g} relative")
        return f" (within {' or '.join(parts)})" if parts else ""


def _tokens(text: str) -> list[tuple[int, str]]:
    """Each whitespace-separated token with its line (1-based)."""
    return [(text.count("\n", 0, found.start()) + 1, found[0]) for found in TOKEN.finditer(text)]


def _spacing(text: str) -> list[str]:
    return re.split(r"\S+", text)


def _first_difference(left: list[str], right: list[str]) -> int:
    """The line of the first run of whitespace that differs (counted in `left`)."""
    line = 1
    for mine, theirs in zip(left, right, strict=False):
        if mine != theirs:
            return line
        line += mine.count("\n")
    return line


def _number(token: str) -> float | None:
    try:
        value = float(token)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _shown(token: str) -> str:
    text = token if len(token) <= SHOWN_CHARACTERS else token[:SHOWN_CHARACTERS] + "…"
    return f'"{text}"'
