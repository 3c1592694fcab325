"""A lesson as lesson.yaml declares it: the functions its steps build, in the lesson's
language's own types, and the steps, each with its text and its checks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path


class Passing(StrEnum):
    """How an argument reaches the function, as its declared type says."""

    VALUE = "value"  # a copy of its own: `i32`, `Vec<i32>`, Python's every argument
    BORROWED = "borrowed"  # read through a reference: `&[i32]`, `&Vec<i32>`
    MUTABLE = "mutable"  # changed in place, seen after the call: `&mut Vec<i32>`


@dataclass(frozen=True, slots=True)
class Wire:
    """A declared type as the grader's values are: the wire type (`list[int]`), the type
    the argument is made as (`Vec<i32>` for `&[i32]`) and how it is passed."""

    type: str
    owned: str
    passing: Passing = Passing.VALUE


@dataclass(frozen=True, slots=True)
class LessonParam:
    name: str
    declared: str  # as the lesson's code writes it: `&mut Vec<i32>`
    wire: Wire


@dataclass(frozen=True, slots=True)
class Function:
    """A function the lesson's steps declare, with the signature the lesson gives it."""

    name: str
    params: tuple[LessonParam, ...]
    returns: str  # declared; "" for nothing
    returns_wire: str
    line: int | None

    def param(self, name: str) -> LessonParam | None:
        return next((param for param in self.params if param.name == name), None)


@dataclass(frozen=True, slots=True)
class Case:
    """One call of a function on given arguments, and what it must give: its return value,
    or (`observe`) what a `&mut` argument holds after the call. `why` is what the lesson
    says when it does not."""

    args: tuple[object, ...]
    expect: object
    why: str
    line: int | None


@dataclass(frozen=True, slots=True)
class Check:
    """One thing a step checks: `function` exists with its declared signature, and, for
    each case, gives what the case expects; `final` runs the lesson's final tests instead."""

    function: str
    cases: tuple[Case, ...] = ()
    observe: str = ""  # a mutable parameter's name; "" for the return value
    any_order: bool = False  # the value is a list whose order does not matter
    final: bool = False
    line: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    number: int
    title: str
    text: str  # Markdown
    checks: tuple[Check, ...]
    line: int | None

    def introduces(self, earlier: set[str]) -> tuple[str, ...]:
        """The functions this step's checks name that no step before it did."""
        named = dict.fromkeys(check.function for check in self.checks)
        return tuple(name for name in named if name not in earlier)


@dataclass(frozen=True, slots=True)
class Lesson:
    language: str
    functions: Mapping[str, Function]
    steps: tuple[Step, ...]
    entry: str  # the function the final tests call
    final: Path | None  # the function problem whose tests the final check runs
    starter: str = ""  # the code a student starts from
    solution: Path | None = None  # the lesson's own final code: it passes every step
    introduced: Mapping[str, int] = field(default_factory=dict)  # function -> its first step
