"""How a lesson's language is spoken to: its declared types read, a function's signature
and a call written as a student reads them, and the code the grader adds to a student's
file for a step (the check's dispatcher, stubs of what later steps write).

Every check of a step is one call of a dispatcher, `grader_lesson_check(check, case)`,
added to the student's file: it makes the case's arguments in the lesson's own types,
calls the function as the lesson declared it, and returns what it gave as JSON text. So
one build checks every step, whatever the functions' signatures, and the student's own
function is called by code that a compiler checks against its declaration."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from ...problem import TestCase
from ..model import Case, Check, Function, Wire

DISPATCHER: Final = "grader_lesson_check"
DECLARED_CASE: Final = -1  # the case that only asks whether the function is as declared
DECLARED_OK: Final = "ok"


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
    """The check whose dispatcher branch holds line `number` (1-based) of `lines`: the
    nearest line above it matching `opening`, whose first group is the check's index."""
    for line in reversed(lines[:number]):
        branch = re.match(opening, line)
        if branch:
            return int(branch.group(1))
    return None


@dataclass(frozen=True, slots=True)
class Probe:
    """One case of one check, numbered as the dispatcher takes them."""

    check_index: int
    case_index: int  # DECLARED_CASE: the signature alone
    check: Check
    function: Function
    case: Case | None
    test: TestCase | None = None  # the final test it is, for a final check's


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
        """The check whose code the grader added holds line `number` (1-based) of the
        built file's `lines`; None where no check's does."""
        ...

    def join(self, source: str, stubs: Sequence[Function], probes: Sequence[Probe]) -> Joined:
        """The student's `source` with a stub of each function in `stubs` (later steps',
        not written yet) and the dispatcher answering every probe."""
        ...
