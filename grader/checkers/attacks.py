"""Which lesson mistake lets queens attack: the lines every illegal placement of an answer
breaks, read together. A search that checks no diagonal lets both directions through; one
that checks only `row + column` (or compares a signed difference without `abs`) lets only
the other direction through; a search that lets a column through has no column check."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .base import CheckResult
from .board import draw

COLUMN, FALLING, RISING = "column", "falling", "rising"
# How each line is named to a student, and the quantity it keeps equal.
LINES: Final = {
    COLUMN: "a column",
    FALLING: "a diagonal, a \\ one (row - column equal)",
    RISING: "a diagonal, a / one (row + column equal)",
}


@dataclass(frozen=True, slots=True)
class Attack:
    first: int  # rows
    second: int
    line: str  # COLUMN, FALLING or RISING


def attacks(placement: Sequence[int]) -> list[Attack]:
    """Every pair of queens of `placement` that attack each other, by row."""
    found = []
    for first in range(len(placement)):
        for second in range(first + 1, len(placement)):
            gap = placement[second] - placement[first]
            if gap == 0:
                found.append(Attack(first, second, COLUMN))
            elif gap == second - first:
                found.append(Attack(first, second, FALLING))
            elif gap == first - second:
                found.append(Attack(first, second, RISING))
    return found


def illegal(placements: Sequence[Sequence[int]], n: int) -> CheckResult | None:
    """The first illegal placement, told with the mistake that all of them point at."""
    broken = [(placement, attacks(placement)) for placement in placements]
    broken = [(placement, found) for placement, found in broken if found]
    if not broken:
        return None
    lines = {attack.line for _, found in broken for attack in found}
    # The pair shown is of the line the advice is about.
    line = COLUMN if COLUMN in lines else (FALLING if FALLING in lines else RISING)
    placement, found = next(
        (placement, found) for placement, found in broken if any(a.line == line for a in found)
    )
    pair = next(attack for attack in found if attack.line == line)
    said = f"placement {list(placement)}: queens in rows {pair.first} and {pair.second} share "
    said += LINES[line]
    return CheckResult(
        False,
        f"{said}; {_advice(lines)}",
        _hint(lines),
        draw(placement, n, (pair.first, pair.second)),
    )


def _advice(lines: set[str]) -> str:
    if COLUMN in lines:
        return "is a column used twice? Mark each column taken, and unmark it when you backtrack"
    if lines == {FALLING, RISING}:
        return (
            "your queens attack along both diagonal directions: are the diagonals checked at "
            "all? A queen at (r, c) attacks (r + k, c + k) and (r + k, c - k)"
        )
    if lines == {RISING}:
        return (
            "every attack in your answer is on a / diagonal, so only the \\ direction is "
            "checked: check row + column too (comparing differences, is `abs(...)` missing?)"
        )
    return (
        "every attack in your answer is on a \\ diagonal, so only the / direction is "
        "checked: check row - column too (as an array index, shifted by n - 1; comparing "
        "differences, is `abs(...)` missing?)"
    )


def _hint(lines: set[str]) -> str:
    """The same advice without the placement (a hidden test's)."""
    if COLUMN in lines:
        return "two queens share a column: is each column marked taken?"
    if lines == {FALLING, RISING}:
        return "queens attack along both diagonals: are the diagonals checked at all?"
    missing = "row + column (/)" if lines == {RISING} else "row - column (\\)"
    return f"queens attack along one diagonal direction only: is {missing} checked?"
