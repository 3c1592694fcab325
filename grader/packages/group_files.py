"""A test data group's `testdata.yaml` as the legacy version of the format spells it
(`on_reject`, `grader_flags`, scores, `*_validator_flags`) and as 2023-07 does (the same,
with `*_validator_args` and a `scoring:` map); 2025-09's `test_group.yaml` is test_group.py.
Each is read over what the group inherits into the one GroupConfig the judge sums groups by;
what grader cannot honour is refused with its file:line, never read and left alone."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Final

from ..yamlsource import Document, kind_of
from .model import GRADER_FLAGS, CaseSettings, GroupConfig

LEGACY_KEYS: Final = frozenset(
    {
        "on_reject",
        "grading",
        "grader_flags",
        "accept_score",
        "reject_score",
        "range",
        "input_validator_flags",
        "output_validator_flags",
    }
)
KEYS_2023: Final = LEGACY_KEYS | {
    "scoring",
    "input_validator_args",
    "output_validator_args",
    "run_samples",
    "static_validation",
    "full_feedback",
}
NO_STATIC_VALIDATION: Final = (
    "static validation (a validator of the submission's source) is not supported by grader"
)
NO_FULL_FEEDBACK: Final = (
    "grader never shows a secret test to a student: make it a sample to share it"
)


def legacy_group(doc: Document, parent: GroupConfig, name: str, scoring: bool) -> GroupConfig:
    """A legacy `testdata.yaml` over `parent`."""
    top = top_keys(doc, LEGACY_KEYS)
    return _legacy_keys(doc, top, parent) if top is not None else parent


def group_2023(doc: Document, parent: GroupConfig, name: str, scoring: bool) -> GroupConfig:
    """A 2023-07 `testdata.yaml` over `parent`: the legacy keys, the validators' arguments
    spelled either way, and a `scoring:` map (`score` of an accepted case, `aggregation`,
    `max_score`)."""
    top = top_keys(doc, KEYS_2023)
    if top is None:
        return parent
    config = _legacy_keys(doc, top, parent)
    case = config.case
    if "output_validator_args" in top:
        case = replace(case, output_validator_args=arguments(doc, "output_validator_args", top))
    if "input_validator_args" in top:
        case = input_arguments(doc, top, case)
    config = replace(config, case=case)
    if "scoring" in top:
        config = _scoring_2023(doc, top["scoring"], config)
    if top.get("static_validation"):
        raise doc.error("static_validation", NO_STATIC_VALIDATION)
    if top.get("full_feedback") and not name.startswith("sample"):
        raise doc.error("full_feedback", NO_FULL_FEEDBACK)
    if top.get("run_samples", True) is not True:
        if name:
            raise doc.error("run_samples", "only data/testdata.yaml may say run_samples")
        config = replace(config, grader_flags=(*config.grader_flags, "ignore_sample"))
    return config


def top_keys(doc: Document, keys: frozenset[str]) -> dict[str, object] | None:
    if doc.data is None:
        return None
    return doc.mapping("", doc.data, required=set(), optional=set(keys))


def _legacy_keys(doc: Document, top: dict[str, object], parent: GroupConfig) -> GroupConfig:
    config = parent
    if "on_reject" in top:
        # `first_error` and `grade` are the legacy spellings of break and continue.
        given = {"first_error": "break", "grade": "continue"}.get(str(top["on_reject"]))
        given = given or str(top["on_reject"])
        if given not in ("break", "continue"):
            raise doc.error("on_reject", f"expected break or continue, got {top['on_reject']!r}")
        config = replace(config, on_reject=given)
    if top.get("grading", "default") != "default":
        raise doc.error("grading", "only the default grader is supported (grading: default)")
    if "grader_flags" in top:
        flags = tuple(_words(doc, "grader_flags", top["grader_flags"]).split())
        for flag in flags:
            if flag not in GRADER_FLAGS:
                raise doc.error(
                    "grader_flags",
                    f"unknown flag {flag!r} (known: {', '.join(sorted(GRADER_FLAGS))})",
                )
        config = replace(config, grader_flags=flags)
    if "accept_score" in top:
        config = replace(config, accept_score=_score(doc, "accept_score", top["accept_score"]))
    if "reject_score" in top:
        config = replace(config, reject_score=_score(doc, "reject_score", top["reject_score"]))
    if "range" in top:
        words = _words(doc, "range", top["range"]).split()
        try:
            low, high = (float(word) for word in words)
        except ValueError:
            raise doc.error(
                "range", f"expected two numbers (`0 100`), got {top['range']!r}"
            ) from None
        config = replace(config, score_range=(low, high))
    case = config.case
    if "input_validator_flags" in top:
        case = input_arguments(doc, top, case, "input_validator_flags")
    if "output_validator_flags" in top:
        case = replace(case, output_validator_args=arguments(doc, "output_validator_flags", top))
    return replace(config, case=case)


def _scoring_2023(doc: Document, raw: object, config: GroupConfig) -> GroupConfig:
    given = doc.mapping(
        "scoring", raw, required=set(), optional={"score", "max_score", "aggregation"}
    )
    if "score" in given:
        config = replace(config, accept_score=_score(doc, "scoring.score", given["score"]))
    if "aggregation" in given:
        rule = str(given["aggregation"])
        if rule not in ("sum", "min"):
            raise doc.error("scoring.aggregation", f"expected sum or min, got {rule!r}")
        # A sum group is accepted when any part is; a min group only when every part is.
        flags = ("sum", "accept_if_any_accepted") if rule == "sum" else ("min",)
        config = replace(config, grader_flags=flags, on_reject="continue")
    if "max_score" in given:
        high = _score(doc, "scoring.max_score", given["max_score"])
        config = replace(config, score_range=(config.score_range[0], high))
    return config


def arguments(doc: Document, key: str, top: dict[str, object]) -> tuple[str, ...]:
    raw = top[key]
    if isinstance(raw, str):  # 2023-07 drafts wrote one string of words
        return tuple(raw.split())
    if not isinstance(raw, list) or not all(isinstance(word, str | int | float) for word in raw):
        raise doc.error(key, f"expected a list of arguments, got {kind_of(raw)}")
    return tuple(str(word) for word in raw)


def input_arguments(
    doc: Document, top: dict[str, object], case: CaseSettings, key: str = "input_validator_args"
) -> CaseSettings:
    """The input validators' arguments: the same for each, or a map by validator name."""
    raw = top[key]
    if isinstance(raw, dict):
        by_name = tuple(
            (str(name), arguments(doc, f"{key}.{name}", {f"{key}.{name}": value}))
            for name, value in raw.items()
        )
        return replace(case, input_validator_args=(), input_validator_args_by_name=by_name)
    if raw is None:
        raw = []
    words = arguments(doc, key, {key: raw})
    return replace(case, input_validator_args=words, input_validator_args_by_name=())


def _words(doc: Document, key: str, raw: object) -> str:
    if isinstance(raw, list):
        return " ".join(str(word) for word in raw)
    if raw is None:
        return ""
    if not isinstance(raw, str | int | float) or isinstance(raw, bool):
        raise doc.error(key, f"expected words, got {kind_of(raw)}")
    return str(raw)


def _score(doc: Document, key: str, raw: object) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or math.isnan(raw):
        raise doc.error(key, f"expected a number, got {kind_of(raw)}")
    return float(raw)
