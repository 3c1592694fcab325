"""Checkers by the name a problem.yaml gives in `checker:`. Add one: a module, one line here."""

from __future__ import annotations

from typing import Final

from .all_boards import AllBoards
from .all_placements import AllPlacements
from .base import Checker, CheckResult, InvalidAnswer
from .exact import Exact
from .one_placement import OnePlacement

CHECKERS: Final[dict[str, Checker]] = {
    "all_placements": AllPlacements(),
    "all_boards": AllBoards(),
    "exact": Exact(),
    "one_placement": OnePlacement(),
}

__all__ = ["CHECKERS", "CheckResult", "Checker", "InvalidAnswer"]
