"""A 2025-09 `test_group.yaml` (in data/sample, data/secret and each group in it) and a
case's own `NAME.yaml`: `max_score`, `score_aggregation` and `require_pass` of a scoring
problem mapped onto the one GroupConfig the judge sums groups by, `args` and the validators'
`*_args` onto the cases' settings. What grader cannot honour is refused at its file:line."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..yamlsource import Document, kind_of
from .group_files import (
    NO_FULL_FEEDBACK,
    NO_STATIC_VALIDATION,
    arguments,
    input_arguments,
    top_keys,
)
from .model import CaseSettings, GroupConfig

KEYS_2025: Final = frozenset(
    {
        "max_score",
        "score_aggregation",
        "static_validation_score",
        "require_pass",
        "args",
        "input_validator_args",
        "static_validator_args",
        "output_validator_args",
        "input_visualizer_args",
        "output_visualizer_args",
        "full_feedback",
    }
)
CASE_KEYS_2025: Final = frozenset(
    {
        "args",
        "input_validator_args",
        "output_validator_args",
        "input_visualizer_args",
        "output_visualizer_args",
        "full_feedback",
        "hint",
        "description",
    }
)


def group_2025(doc: Document, parent: GroupConfig, name: str, scoring: bool) -> GroupConfig:
    """A 2025-09 `test_group.yaml` over `parent` (default_2025's for its name)."""
    top = top_keys(doc, KEYS_2025) or {}
    config = _settings_2025(doc, top, parent)
    for key in ("static_validation_score", "static_validator_args"):
        if key in top:
            raise doc.error(key, NO_STATIC_VALIDATION)
    if top.get("full_feedback") and name != "sample":
        raise doc.error("full_feedback", NO_FULL_FEEDBACK)
    scored = {"max_score", "score_aggregation", "require_pass"} & set(top)
    if scored and not scoring:
        key = min(scored)
        raise doc.error(key, f"{key} is for scoring problems (type: scoring) alone")
    if scored and name == "sample":
        key = min(scored)
        raise doc.error(key, f"{key} is not permitted in data/sample")
    if name == "sample" or not scoring:
        return config
    return _scoring_2025(doc, top, config, name)


def default_2025(name: str, parent: GroupConfig, scoring: bool) -> GroupConfig:
    """What a 2025-09 group is without its test_group.yaml: `sample` counts for nothing,
    `secret` sums to 100, a group under it passes or fails as a whole; a scoring problem
    runs on after a failure (its other cases still score), a pass-fail one stops."""
    if name == "":
        return replace(parent, on_reject="continue" if scoring else "break")
    if name == "sample":
        return replace(parent, on_reject="break", accept_score=0.0, score_range=(0.0, 0.0))
    if name == "secret" and scoring:
        return replace(parent, on_reject="continue", grader_flags=("sum",), accept_score=100.0)
    return parent


def read_case_2025(doc: Document, group: GroupConfig) -> CaseSettings:
    """A 2025-09 test case's own `.yaml` over its group's settings."""
    top = top_keys(doc, CASE_KEYS_2025)
    if top is None:
        return group.case
    case = _settings_2025(doc, top, group).case
    if top.get("full_feedback"):
        raise doc.error("full_feedback", NO_FULL_FEEDBACK)
    for key in ("hint", "description"):
        if key in top and not isinstance(top[key], str):
            raise doc.error(key, f"expected a string, got {kind_of(top[key])}")
    return replace(case, hint=str(top.get("hint", "")), description=str(top.get("description", "")))


def _settings_2025(doc: Document, top: dict[str, object], parent: GroupConfig) -> GroupConfig:
    """The keys a 2025-09 group and case share: how each case is run and validated."""
    case = parent.case
    if "args" in top:
        case = replace(case, args=arguments(doc, "args", top))
    if "output_validator_args" in top:
        case = replace(case, output_validator_args=arguments(doc, "output_validator_args", top))
    if "input_validator_args" in top:
        case = input_arguments(doc, top, case)
    for key in ("input_visualizer_args", "output_visualizer_args"):
        if key in top:
            arguments(doc, key, top)  # well formed; grader draws no illustrations
    return replace(parent, case=case)


def _scoring_2025(
    doc: Document, top: dict[str, object], config: GroupConfig, name: str
) -> GroupConfig:
    """`max_score`, `score_aggregation` and `require_pass` of `secret` or a group in it. A
    case's score is its group's maximum (pass-fail, min) or its share of it (sum: the
    reader divides it among the group's cases once they are counted)."""
    default_rule = "sum" if name == "secret" else "pass-fail"
    rule = str(top.get("score_aggregation", default_rule))
    if rule not in ("pass-fail", "sum", "min"):
        raise doc.error("score_aggregation", f"expected pass-fail, sum or min, got {rule!r}")
    raw_max = top.get("max_score", 100 if name == "secret" else None)
    if raw_max is None:
        raise doc.error(
            "", f"data/{name}: give the group a max_score (secret's is bounded, so each group's is)"
        )
    if raw_max == "unbounded":
        raise doc.error(
            "max_score", "an unbounded max_score is not supported: a score reads as out of one"
        )
    if isinstance(raw_max, bool) or not isinstance(raw_max, int) or raw_max < 0:
        raise doc.error("max_score", f"expected a whole number >= 0, got {raw_max!r}")
    required = top.get("require_pass", [])
    required = [required] if isinstance(required, str) else required
    if not isinstance(required, list) or not all(isinstance(item, str) for item in required):
        raise doc.error("require_pass", "expected a group's name or a list of them")
    for group in required:
        if group != "sample" and not (group.startswith("secret/") and group < name):
            raise doc.error("require_pass", f"{group!r}: expected sample or a group before {name}")
    return replace(
        config,
        on_reject="continue" if rule == "sum" else "break",
        grader_flags=("sum",) if rule == "sum" else ("min",),
        accept_score=float(raw_max),
        reject_score=0.0,
        score_range=(0.0, float(raw_max)),
        require_pass=tuple(required),
    )
