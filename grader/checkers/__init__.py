"""Checkers by the name a problem.yaml gives in `checker:`. Add one: a module, one line here.
A checker's module is imported only when a problem uses it."""

from __future__ import annotations

from typing import Final

from ..registry import LazyRegistry
from .base import Checker, CheckResult, InvalidAnswer

CHECKERS: Final[LazyRegistry[Checker]] = LazyRegistry(
    __name__,
    {
        "all_placements": ".all_placements:AllPlacements",
        "all_boards": ".all_boards:AllBoards",
        "exact": ".exact:Exact",
        "float": ".close:Close",
        "one_placement": ".one_placement:OnePlacement",
        "placement_count": ".placement_count:PlacementCount",
        "unordered": ".unordered:Unordered",
        "unordered-nested": ".unordered:UnorderedNested",
    },
)

__all__ = ["CHECKERS", "CheckResult", "Checker", "InvalidAnswer"]
