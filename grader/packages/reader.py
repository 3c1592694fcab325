"""A package folder read into a Problem: its problem.yaml (either version of the format),
its `.timelimit` where a judge left one, its test data and validators. Errors name the file,
line and key, as for grader's own problems."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ..limits import Limits
from ..problem import PROBLEM_FILE, Problem, TestCase, Visibility, run_order, shown_path
from ..yamlsource import Document, kind_of, load
from .model import DataCase, GroupConfig, Package, PackageLimits
from .testdata import read_group

# problem.yaml's keys in either version; what grader does not use is read and left alone.
KEYS: Final = {
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "credits",
    "keywords",
    "languages",
    "limits",
    "validation",
    "validator_flags",
    "grading",
    "embargo_until",
    "allow_file_writing",
    "constants",
}
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
TYPES: Final = {"pass-fail", "scoring", "interactive", "multi-pass", "submit-answer"}
SAMPLE_SHOWN_BYTES: Final = 4096  # of a sample's input, in the problem's tests


def grading_files(directory: Path) -> list[Path]:
    """Every file a package's grading depends on: problem.yaml, its test data, its output
    validator, a .timelimit, and the accepted submissions (a computed limit comes from
    them). What a version, or a cached time limit, is made of."""
    parts = ("data", "output_validator", "output_validators", "submissions/accepted")
    found = sorted(path for part in parts for path in (directory / part).rglob("*"))
    found += [directory / PROBLEM_FILE, directory / ".timelimit"]
    return [path for path in found if path.is_file()]


def is_package(directory: Path) -> bool:
    """A folder in the ICPC format: test data under data/, and a problem.yaml that is not
    grader's own (which names entry points)."""
    if not (directory / "data").is_dir() or not (directory / PROBLEM_FILE).is_file():
        return False
    return b"entry_points:" not in (directory / PROBLEM_FILE).read_bytes()


def load_package(directory: Path, shown_from: Path | None = None) -> Problem:
    """The package at `directory` as a Problem (its `package` set). Raises ProblemError."""
    shown = shown_path(directory / PROBLEM_FILE, shown_from)
    doc = load(directory / PROBLEM_FILE, shown)
    top = doc.mapping("", doc.data if doc.data is not None else {}, required=set(), optional=KEYS)
    version = str(top.get("problem_format_version", "legacy"))
    types = _types(doc, top, version)
    validation = str(top.get("validation", "default")).split()
    if validation[:1] not in (["default"], ["custom"]) or not set(validation[1:]) <= {
        "interactive",
        "score",
    }:
        raise doc.error(
            "validation",
            f"expected default or custom [interactive] [score], got {top['validation']!r}",
        )
    interactive = "interactive" in types or "interactive" in validation
    custom = validation[0] == "custom" or interactive
    limits = _limits(doc, top.get("limits", {}), version, directory)
    scoring = "scoring" in types
    legacy_grading = doc.mapping("grading", top.get("grading", {}), required=set(), optional=None)
    root_config = GroupConfig(
        on_reject={"grade": "continue"}.get(str(legacy_grading.get("on_reject")), "break")
    )
    data = read_group(directory / "data", directory / "data", root_config, shown_from)
    if not data.cases():
        raise doc.error("", "no test data: a case is data/**/NAME.in with its NAME.ans")
    package = Package(
        directory=directory,
        name=_name(doc, top.get("name"), directory),
        format_version=version,
        scoring=scoring,
        interactive=interactive,
        custom_score="score" in validation,
        validator_flags=_flags(doc, top.get("validator_flags", "")),
        limits=limits,
        data=data,
        output_validator=_output_validator(doc, directory, custom),
        input_validators=_programs(directory / "input_validators", directory / "input_validator"),
    )
    return Problem(
        id=directory.resolve().name,
        title=package.name,
        directory=directory,
        yaml_file=shown,
        statement=_statement(directory),
        limits=_judge_limits(limits),
        tests=run_order(tuple(_test(case) for case in data.cases())),
        shown_from=shown_from,
        kind="package",
        details=package,
        out_of=package.max_score,
    )


def _types(doc: Document, top: dict[str, object], version: str) -> set[str]:
    raw = top.get("type", "pass-fail")
    types = set(raw if isinstance(raw, list) else str(raw).split())
    if not types <= TYPES:
        raise doc.error("type", f"expected some of {', '.join(sorted(TYPES))}, got {raw!r}")
    for unsupported in types & {"multi-pass", "submit-answer"}:
        raise doc.error("type", f"{unsupported} problems are not supported by grader")
    return types


def _name(doc: Document, raw: object, directory: Path) -> str:
    if isinstance(raw, dict):  # 2023-07: a name per language
        raw = raw.get("en", next(iter(raw.values()), None))
    return str(raw).strip() if raw else directory.resolve().name


def _flags(doc: Document, raw: object) -> str:
    if isinstance(raw, list):
        return " ".join(str(word) for word in raw)
    if not isinstance(raw, str | int | float) or isinstance(raw, bool):
        raise doc.error("validator_flags", f"expected words, got {kind_of(raw)}")
    return str(raw)


def _limits(doc: Document, raw: object, version: str, directory: Path) -> PackageLimits:
    given = doc.mapping(
        "limits", raw if raw is not None else {}, required=set(), optional=LIMIT_KEYS
    )
    legacy = version == "legacy"
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
    return PackageLimits(
        time_limit_s=doc.number("limits.time_limit", time_limit)
        if time_limit is not None
        else None,
        # The legacy format's defaults are 5 and 2; 2023-07's 2 and 1.5 (problemtools').
        ac_to_time_limit=number("time_multiplier", 5.0)
        if legacy
        else number("ac_to_time_limit", 2.0, "limits.time_multipliers"),
        time_limit_to_tle=number("time_safety_margin", 2.0)
        if legacy
        else number("time_limit_to_tle", 1.5, "limits.time_multipliers"),
        time_resolution_s=number("time_resolution", 1.0),
        memory_mib=int(number("memory", 1024)),
        output_mib=int(number("output", 8)),
        compilation_time_s=number("compilation_time", 60),
        validation_time_s=number("validation_time", 60),
        validation_memory_mib=int(number("validation_memory", 1024)),
        validation_output_mib=int(number("validation_output", 8)),
    )


def _judge_limits(limits: PackageLimits) -> Limits:
    """The submission's limits; a computed time limit is set by the judge (timelimit.py)."""
    time_s = limits.time_limit_s or 1.0
    return Limits(
        time_s=time_s,
        wall_s=max(2 * time_s, time_s + 1),
        memory_mib=limits.memory_mib,
        output_kib=limits.output_mib * 1024,
    )


def _output_validator(doc: Document, directory: Path, custom: bool) -> Path | None:
    if not custom:
        return None
    found = _programs(directory / "output_validator", directory / "output_validators")
    if len(found) != 1:
        where = "output_validator/ (or output_validators/)"
        said = "none" if not found else f"{len(found)}: only one may be"
        raise doc.error("validation", f"a custom validator is asked for; {where} holds {said}")
    return found[0]


def _programs(*folders: Path) -> tuple[Path, ...]:
    """The programs in the first of `folders` that exists: each a source file, or a folder
    of files (one program of several sources). 2023-07's output_validator/ holds one
    program's files directly."""
    for folder in folders:
        if not folder.is_dir():
            continue
        entries = sorted(p for p in folder.iterdir() if not p.name.startswith("."))
        if folder.name == "output_validator" and any(p.is_file() for p in entries):
            return (folder,)
        return tuple(entries)
    return ()


def _statement(directory: Path) -> Path:
    for folder in ("statement", "problem_statement"):
        for name in ("problem.en.md", "problem.md", "problem.en.tex", "problem.tex"):
            if (directory / folder / name).is_file():
                return directory / folder / name
    return directory / PROBLEM_FILE


def _test(case: DataCase) -> TestCase:
    shown: dict[str, object] = {"file": f"data/{case.name}.in"}
    if case.sample:
        head = case.input.read_bytes()[:SAMPLE_SHOWN_BYTES]
        shown = {"stdin": head.decode("utf-8", "replace")}
    return TestCase(
        name=case.name,
        input=shown,
        points=0.0,
        visibility=Visibility.SAMPLE if case.sample else Visibility.HIDDEN,
        line=None,
        key=f"data/{case.name}",
    )
