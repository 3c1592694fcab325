"""The verdicts a test or a submission can get, and how they rank."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Verdict(StrEnum):
    AC = "AC"
    WA = "WA"
    TLE = "TLE"
    MLE = "MLE"
    OLE = "OLE"
    RTE = "RTE"
    CE = "CE"
    IE = "IE"

    @property
    def description(self) -> str:
        return DESCRIPTIONS[self]


DESCRIPTIONS: Final[dict[Verdict, str]] = {
    Verdict.AC: "accepted",
    Verdict.WA: "wrong answer",
    Verdict.TLE: "time limit exceeded",
    Verdict.MLE: "memory limit exceeded",
    Verdict.OLE: "output limit exceeded",
    Verdict.RTE: "runtime error",
    Verdict.CE: "compile error",
    Verdict.IE: "internal error (a fault of the grader, not of your code)",
}

# Worst first, as DMOJ's CODE_DISPLAY_ORDER: where several runs must be summed up into one
# status (a batch, an exit code), the harness's own faults outrank any submission's.
PRECEDENCE: Final[tuple[Verdict, ...]] = (
    Verdict.IE,
    Verdict.CE,
    Verdict.TLE,
    Verdict.MLE,
    Verdict.OLE,
    Verdict.RTE,
    Verdict.WA,
    Verdict.AC,
)


def worst(verdicts: list[Verdict]) -> Verdict:
    """The highest-precedence verdict of `verdicts`; AC for an empty list."""
    return min(verdicts, key=PRECEDENCE.index, default=Verdict.AC)
