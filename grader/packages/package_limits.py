"""A package's `limits:` (problem.yaml) as each version spells them, with a `.timelimit` a
judge left where none is given, and the limits a submission runs under."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ..limits import Limits
from ..plain.run import COMPILE_LIMITS
from ..submission import MAX_SOURCE_BYTES
from ..yamlsource import Document
from .model import PackageLimits
from .versions import FormatVersion

LIMIT_KEYS: Final = {
    "time_multiplier",
    "time_safety_margin",
    "time_multipliers",
    "time_limit",
    "time_resolution",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
}
CODE_KIB: Final = MAX_SOURCE_BYTES // 1024  # what grader takes of any submission


def read_limits(
    doc: Document, raw: object, version: FormatVersion, directory: Path
) -> PackageLimits:
    given = doc.mapping(
        "limits", raw if raw is not None else {}, required=set(), optional=LIMIT_KEYS
    )
    legacy = version.legacy_limits
    ac_to_time_limit, time_limit_to_tle = version.time_multipliers
    multipliers = doc.mapping(
        "limits.time_multipliers",
        given.get("time_multipliers", {}),
        required=set(),
        optional={"ac_to_time_limit", "time_limit_to_tle"},
    )

    def number(key: str, default: float, where: str = "limits") -> float:
        source = multipliers if where.endswith("time_multipliers") else given
        return doc.number(f"{where}.{key}", source.get(key, default))

    time_limit = given.get("time_limit")
    timelimit_file = directory / ".timelimit"  # where DOMjudge and Kattis keep a computed one
    if time_limit is None and timelimit_file.is_file():
        try:
            time_limit = float(timelimit_file.read_text(encoding="utf-8").split()[0])
        except (ValueError, IndexError, UnicodeDecodeError):
            raise doc.error(
                "limits", f"{timelimit_file.name}: expected a number of seconds"
            ) from None
    compile_memory = number("compilation_memory", COMPILE_LIMITS.memory_mib)
    if compile_memory > COMPILE_LIMITS.memory_mib:
        raise doc.error(
            "limits.compilation_memory",
            f"grader builds programs in {COMPILE_LIMITS.memory_mib} MiB, not {compile_memory:g}",
        )
    return PackageLimits(
        time_limit_s=doc.number("limits.time_limit", time_limit)
        if time_limit is not None
        else None,
        ac_to_time_limit=number("time_multiplier", ac_to_time_limit)
        if legacy
        else number("ac_to_time_limit", ac_to_time_limit, "limits.time_multipliers"),
        time_limit_to_tle=number("time_safety_margin", time_limit_to_tle)
        if legacy
        else number("time_limit_to_tle", time_limit_to_tle, "limits.time_multipliers"),
        time_resolution_s=number("time_resolution", 1.0),
        memory_mib=int(number("memory", 1024)),
        output_mib=int(number("output", 8)),
        code_kib=int(number("code", CODE_KIB)),
        compilation_time_s=number("compilation_time", 60),
        validation_time_s=number("validation_time", 60),
        validation_memory_mib=int(number("validation_memory", 1024)),
        validation_output_mib=int(number("validation_output", 8)),
    )


def judge_limits(limits: PackageLimits) -> Limits:
    """The submission's limits; a computed time limit is set by the judge (timelimit.py)."""
    time_s = limits.time_limit_s or 1.0
    return Limits(
        time_s=time_s,
        wall_s=max(2 * time_s, time_s + 1),
        memory_mib=limits.memory_mib,
        output_kib=limits.output_mib * 1024,
    )
