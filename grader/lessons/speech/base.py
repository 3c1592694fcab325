"""How a lesson's language is spoken to: its declared types read, a function's signature
and a call written as a student reads them, and the code the grader adds to a student's
file for a step (the check's dispatcher, stubs of what later steps write).

Every check of a step is one call of a dispatcher, `grader_lesson_check(call, args)`,
added to the student's file, with a branch per shape of call (a function's declaration,
a call of it giving back its value or an argument after it): it reads the case's
arguments (JSON text) into the lesson's own types, calls the function as the lesson
declared it, and returns what it gave as JSON text. So one build checks every step, the
build's cost grows with the functions a lesson declares, not with its cases, and the
student's own function is called by code that a compiler checks against its declaration."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from ...problem import TestCase
from ..model import Case, Check, Function, Wire

DISPATCHER: Final = "grader_lesson_check"
DECLARED_CASE: Final = -1  # the case that only asks whether the function is as declared
DECLARED_OK: Final = "ok"  # what a declaration branch gives where it is as declared


@dataclass(frozen=True, slots=True)
class Joined:
    """The student's file with the grader's code in it, and the lines (1-based) that are
    the grader's: a compiler's error there is about a declaration, not the student's code."""

    text: str
    added: range


def appended(source: str, added: str) -> Joined:
    """`added` after the whole of `source`."""
    first = source.count("\n") + 2
    return Joined(source + added, range(first, first + added.count("\n") + 1))


def check_above(lines: Sequence[str], number: int, opening: str) -> int | None:
    """The shape whose dispatcher branch holds line `number` (1-based) of `lines`: the
    nearest line above it matching `opening`, whose first group is the shape's index."""
    for line in reversed(lines[:number]):
        branch = re.match(opening, line)
        if branch:
            return int(branch.group(1))
    return None


@dataclass(frozen=True, slots=True)
class Shape:
    """One branch of the dispatcher: `function`'s declaration checked (`declared_only`), or
    a call of it giving back its value, or the argument `observed` (an index) after it.
    `final`: the final tests' call, whose value a Python dispatcher gives back as it is."""

    function: Function
    declared_only: bool = False
    observed: int | None = None
    final: bool = False


@dataclass(frozen=True, slots=True)
class Probe:
    """One case of one check, numbered as the steps' results name them."""

    check_index: int
    case_index: int  # DECLARED_CASE: the signature alone
    check: Check
    function: Function
    case: Case | None
    test: TestCase | None = None  # the final test it is, for a final check's

    @property
    def shape(self) -> Shape:
        if self.case is None:
            return Shape(self.function, declared_only=True)
        observed = self.function.param(self.check.observe)
        index = None if observed is None else self.function.params.index(observed)
        return Shape(self.function, observed=index, final=self.test is not None)


class Speech(Protocol):
    language: str

    def wire(self, declared: str) -> Wire | None:
        """A parameter's declared type as the grader's values are; None: not one a lesson
        in this language can declare."""
        ...

    def wire_return(self, declared: str) -> str | None:
        """A declared return type's wire type ("" for none); None as above."""
        ...

    def defines(self, source: str, name: str) -> bool:
        """Whether the student's file declares a function named `name`."""
        ...

    def declaration(self, source: str, name: str) -> str:
        """The student's own declaration of `name`, on one line; "" where none is found."""
        ...

    def signature(self, function: Function) -> str:
        """The function's declaration as the lesson writes it."""
        ...

    def call(self, function: Function, args: Sequence[object]) -> str:
        """A call of it on `args`, as the student would write it."""
        ...

    def literal(self, value: object) -> str:
        """A value as the language writes it (what a call returned, in a message)."""
        ...

    def check_at(self, lines: Sequence[str], number: int) -> int | None:
        """The shape whose branch of the dispatcher holds line `number` (1-based) of the
        built file's `lines`; None where no branch does."""
        ...

    def join(self, source: str, stubs: Sequence[Function], shapes: Sequence[Shape]) -> Joined:
        """The student's `source` with a stub of each function in `stubs` (later steps',
        not written yet) and the dispatcher, whose call `k` is `shapes[k]`."""
        ...
