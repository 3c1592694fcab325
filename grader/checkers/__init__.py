"""Checkers by the name a problem.yaml gives in `checker:`. Add one: a module, one line here.
A checker's module is imported only when a problem uses it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..registry import LazyRegistry
from .base import Checker, CheckResult, InvalidAnswer

if TYPE_CHECKING:
    from ..problem import Problem

CHECKERS: Final[LazyRegistry[Checker]] = LazyRegistry(
    __name__,
    {
        "all_placements": ".all_placements:AllPlacements",
        "all_boards": ".all_boards:AllBoards",
        "set-of-any-valid": ".any_valid:AnyValid",
        "exact": ".exact:Exact",
        "float": ".close:Close",
        "lesson-dispatch": ".dispatched:Dispatched",
        "one_placement": ".one_placement:OnePlacement",
        "placement_count": ".placement_count:PlacementCount",
        "unordered": ".unordered:Unordered",
        "unordered-nested": ".unordered:UnorderedNested",
    },
)


# Checkers that take a list's items in any order: a difference is said as missing and extra
# items, never as an index.
ANY_ORDER: Final = frozenset(
    {"all_placements", "all_boards", "set-of-any-valid", "unordered", "unordered-nested"}
)


def as_students_read(checker: str, expected: object) -> object:
    """A stored answer as a sample shows it: `one_placement` stores only whether a placement
    exists, which a student would read as the answer itself."""
    if checker == "one_placement" and isinstance(expected, dict) and "exists" in expected:
        return "any one valid placement" if expected["exists"] else []
    return expected


def checker_for(problem: Problem) -> Checker:
    """The checker `problem` names, given what it needs of the problem (a validator)."""
    checker = CHECKERS[problem.checker]
    configure = getattr(checker, "for_problem", None)
    if configure is None:
        return checker
    configured: Checker = configure(problem.validator, problem.yaml_file)
    return configured


__all__ = [
    "ANY_ORDER",
    "CHECKERS",
    "CheckResult",
    "Checker",
    "InvalidAnswer",
    "as_students_read",
    "checker_for",
]
