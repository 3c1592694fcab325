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
        "one_placement": ".one_placement:OnePlacement",
        "placement_count": ".placement_count:PlacementCount",
        "unordered": ".unordered:Unordered",
        "unordered-nested": ".unordered:UnorderedNested",
    },
)


def checker_for(problem: Problem) -> Checker:
    """The checker `problem` names, given what it needs of the problem (a validator)."""
    checker = CHECKERS[problem.checker]
    configure = getattr(checker, "for_problem", None)
    if configure is None:
        return checker
    configured: Checker = configure(problem.validator, problem.yaml_file)
    return configured


__all__ = ["CHECKERS", "CheckResult", "Checker", "InvalidAnswer", "checker_for"]
