"""A package's test data: data/ walked as the format says (groups are folders, a case is a
`.in` with its `.ans`, both sorted by name), each group's `testdata.yaml` over its parent's."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from ..problem import shown_path
from ..yamlsource import Document, kind_of, load
from .model import GRADER_FLAGS, DataCase, Group, GroupConfig

TESTDATA_FILE = "testdata.yaml"
KEYS = {
    "on_reject",
    "grading",
    "grader_flags",
    "accept_score",
    "reject_score",
    "range",
    "input_validator_flags",
    "output_validator_flags",
    "static_validation",
    "full_feedback",
    "scoring",
    "input_validator_args",
    "output_validator_args",
}


def read_group(data: Path, folder: Path, parent: GroupConfig, shown_from: Path | None) -> Group:
    """The group at `folder` (under `data`), with every group below it."""
    config = parent
    settings = folder / TESTDATA_FILE
    if settings.is_file():
        config = _config(load(settings, shown_path(settings, shown_from)), parent)
    name = folder.relative_to(data).as_posix() if folder != data else ""
    items: list[Group | DataCase] = []
    for path in sorted(folder.iterdir()):
        if path.is_dir():
            items.append(read_group(data, path, config, shown_from))
        elif path.suffix == ".in" and path.with_suffix(".ans").is_file():
            case = path.relative_to(data).with_suffix("").as_posix()
            items.append(DataCase(case, path, path.with_suffix(".ans")))
    return Group(name, config, tuple(items))


def _config(doc: Document, parent: GroupConfig) -> GroupConfig:
    if doc.data is None:
        return parent
    top = doc.mapping("", doc.data, required=set(), optional=KEYS)
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
    if "input_validator_flags" in top:
        given = _words(doc, "input_validator_flags", top["input_validator_flags"])
        config = replace(config, input_validator_flags=given)
    if "output_validator_flags" in top:
        given = _words(doc, "output_validator_flags", top["output_validator_flags"])
        config = replace(config, output_validator_flags=given)
    return config


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
