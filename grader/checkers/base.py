"""The contract every checker meets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ..protocol import Value


class InvalidAnswer(Exception):
    """A reference's value is not a valid answer (raised by `Checker.canonical`)."""


@dataclass(frozen=True, slots=True)
class CheckResult:
    """What a checker found. `message` may show the input and answer (sample tests);
    `hint` must reveal neither (hidden tests); `board` is an optional drawing."""

    passed: bool
    message: str = ""
    hint: str = ""
    board: str = ""


class Checker(Protocol):
    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        """Judge `actual` (the submission's value) against `expected` (the stored answer)."""
        ...

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        """The stored form of a reference's value, as JSON data. Raises InvalidAnswer."""
        ...
