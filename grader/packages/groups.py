"""A package's test groups summed up as the format's default grader does (problemtools'
support/default_grader): a group's verdict by its rule (worst_error, first_error,
always_accept, accept_if_any_accepted) and its score by its rule (sum, avg, max, min), over
its children's, the sample group left out under `ignore_sample`."""

from __future__ import annotations

from typing import Final

from ..verdicts import Verdict
from .model import GroupConfig, aggregate_scores

# The default grader's order, worst first: a judge error, then a crash, memory, time,
# output, a wrong answer.
WORST_FIRST: Final = (
    Verdict.IE,
    Verdict.CE,
    Verdict.RTE,
    Verdict.MLE,
    Verdict.TLE,
    Verdict.OLE,
    Verdict.WA,
    Verdict.AC,
)


def group_result(
    config: GroupConfig, children: list[tuple[Verdict, float]]
) -> tuple[Verdict, float]:
    """(verdict, score) of a group whose children, in order, got `children`."""
    if not children:
        return Verdict.AC, 0.0
    if any(verdict is Verdict.IE for verdict, _ in children):
        return Verdict.IE, 0.0  # a judge error is never summed away
    if "ignore_sample" in config.grader_flags:
        children = children[-1:]
    verdicts = [verdict for verdict, _ in children]
    score = aggregate_scores(config.score_rule, [score for _, score in children])
    if "accept_if_any_accepted" in config.grader_flags and Verdict.AC in verdicts:
        return Verdict.AC, score
    rule = config.verdict_rule
    if rule == "always_accept":
        return Verdict.AC, score
    if rule == "first_error":
        return next((v for v in verdicts if v is not Verdict.AC), Verdict.AC), score
    return min(verdicts, key=WORST_FIRST.index), score
