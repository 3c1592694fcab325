"""A package folder read into a Problem: its problem.yaml (in the format's version it names,
versions.py), its `.timelimit` where a judge left one, its test data, validators and
included files. Errors name the file, line and key, as for grader's own problems; a key
grader cannot honour is refused there, never read and left alone."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ..languages import contest_languages
from ..problem import PROBLEM_FILE, Problem, TestCase, Visibility, run_order, shown_path
from ..yamlsource import Document, kind_of, load
from .contest import format_code
from .model import DataCase, GroupConfig, Package
from .package_limits import judge_limits, read_limits
from .testdata import flat_folder, read_data
from .versions import VERSIONS, FormatVersion, version_named

TYPES: Final = {"pass-fail", "scoring", "interactive", "multi-pass", "submit-answer"}
SAMPLE_SHOWN_BYTES: Final = 4096  # of a sample's input, in the problem's tests
GENERATORS: Final = "generators/generators.yaml"


def grading_files(directory: Path) -> list[Path]:
    """Every file a package's grading depends on: problem.yaml, its test data, its output
    validator, a .timelimit, and the accepted submissions (a computed limit comes from
    them). What a version, or a cached time limit, is made of."""
    parts = ("data", "output_validator", "output_validators", "include", "submissions/accepted")
    found = sorted(path for part in parts for path in (directory / part).rglob("*"))
    found += [directory / PROBLEM_FILE, directory / ".timelimit"]
    return [path for path in found if path.is_file()]


def is_package(directory: Path) -> bool:
    """A folder in the ICPC format: a problem.yaml that names its format version, or one
    that is not grader's own (which names entry points) beside test data under data/ (or a
    generators.yaml to make it)."""
    if not (directory / PROBLEM_FILE).is_file():
        return False
    said = (directory / PROBLEM_FILE).read_bytes()
    if b"problem_format_version:" in said:
        return True
    has_data = (directory / "data").is_dir() or (directory / GENERATORS).is_file()
    return has_data and b"entry_points:" not in said


def load_package(directory: Path, shown_from: Path | None = None) -> Problem:
    """The package at `directory` as a Problem (its `package` set). Raises ProblemError."""
    shown = shown_path(directory / PROBLEM_FILE, shown_from)
    doc = load(directory / PROBLEM_FILE, shown)
    raw = doc.data if doc.data is not None else {}
    said = str(raw.get("problem_format_version", "legacy")) if isinstance(raw, dict) else ""
    version = version_named(said)
    if version is None:
        known = ", ".join(sorted(spelling for v in VERSIONS for spelling in v.spellings))
        raise doc.error("problem_format_version", f"expected one of {known}, got {said!r}")
    top = doc.mapping("", raw, required=set(), optional=set(version.problem_keys))
    _refuse_unsupported(doc, top, directory)
    types = _types(doc, top, version)
    validation = _validation(doc, top)
    interactive = "interactive" in types or "interactive" in validation
    custom = validation[0] == "custom" or interactive
    if version.validator_by_folder and (directory / "output_validator").is_dir():
        custom = True
    limits = read_limits(doc, top.get("limits", {}), version, directory)
    scoring = "scoring" in types
    legacy_grading = doc.mapping("grading", top.get("grading", {}), required=set(), optional=None)
    root_config = GroupConfig(
        on_reject={"grade": "continue"}.get(str(legacy_grading.get("on_reject")), "break")
    )
    if not (directory / "data").is_dir():
        raise doc.error("", _NOT_GENERATED if (directory / GENERATORS).is_file() else _NO_DATA)
    data = read_data(directory / "data", version, scoring, root_config, shown_from)
    if not data.cases():
        said = _NOT_GENERATED if (directory / GENERATORS).is_file() else _NO_DATA
        raise doc.error("", said)
    package = Package(
        directory=directory,
        name=_name(doc, top.get("name"), directory),
        format_version=version.name,
        scoring=scoring,
        interactive=interactive,
        custom_score="score" in validation or (scoring and version.shares_max_score),
        validator_flags=_flags(doc, top.get("validator_flags", "")),
        limits=limits,
        data=data,
        output_validator=_output_validator(doc, directory, custom),
        input_validators=_programs(directory / "input_validators", directory / "input_validator"),
        included=_included(directory / "include", shown_from),
        languages=_languages(doc, top.get("languages", "all")),
    )
    return Problem(
        id=directory.resolve().name,
        title=package.name,
        directory=directory,
        yaml_file=shown,
        statement=_statement(directory),
        limits=judge_limits(limits),
        tests=run_order(tuple(_test(case) for case in data.cases())),
        shown_from=shown_from,
        kind="package",
        details=package,
        out_of=package.max_score,
    )


_NO_DATA: Final = (
    "no test data: a case is data/sample/NAME.in or data/secret/**/NAME.in with its NAME.ans"
)
_NOT_GENERATED: Final = (
    f"the test data is to be made by {GENERATORS}, which grader does not run: generate it "
    "first (BAPCtools: `bt generate`), then grade the package with the data/ it writes"
)


def _validation(doc: Document, top: dict[str, object]) -> list[str]:
    """The legacy `validation:` key's words: default or custom [interactive] [score]."""
    validation = str(top.get("validation", "default")).split()
    if validation[:1] not in (["default"], ["custom"]) or not set(validation[1:]) <= {
        "interactive",
        "score",
    }:
        raise doc.error(
            "validation",
            f"expected default or custom [interactive] [score], got {top['validation']!r}",
        )
    return validation


def _refuse_unsupported(doc: Document, top: dict[str, object], directory: Path) -> None:
    """What grader reads but cannot honour, each refused where it is."""
    if (directory / "static_validator").is_dir():
        raise doc.error("", "static_validator/: judging a submission's source is not supported")
    if top.get("constants"):
        raise doc.error(
            "constants", "grader does not substitute {{constants}}: write their values out"
        )
    if top.get("allow_file_writing"):
        raise doc.error(
            "allow_file_writing", "grader runs a submission in a folder it may only read"
        )


def _types(doc: Document, top: dict[str, object], version: FormatVersion) -> set[str]:
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


def _languages(doc: Document, raw: object) -> tuple[str, ...]:
    """The language codes problem.yaml's `languages` allows (empty: all); at least one of
    them must be one grader builds."""
    if raw == "all":
        return ()
    codes = raw.split() if isinstance(raw, str) else raw  # words (2023-07) or a list (2025-09)
    if not isinstance(codes, list) or not codes or not all(isinstance(c, str) for c in codes):
        raise doc.error("languages", f"expected `all` or a list of language codes, got {raw!r}")
    offered = {format_code(language) for language in contest_languages().values()}
    if not offered & set(codes):
        raise doc.error(
            "languages",
            f"none of {', '.join(codes)} is a language grader builds "
            f"({', '.join(sorted(offered))})",
        )
    return tuple(codes)


def _included(
    folder: Path, shown_from: Path | None
) -> tuple[tuple[str, tuple[tuple[str, bytes], ...]], ...]:
    """include/<language code>/: the files given to each submission's build in it."""
    if not folder.is_dir():
        return ()
    languages = [path for path in sorted(folder.iterdir()) if path.is_dir()]
    for language in languages:
        flat_folder(language, shown_from)
    return tuple(
        (
            language.name,
            tuple(
                (path.name, path.read_bytes())
                for path in sorted(language.iterdir())
                if not path.name.startswith(".")
            ),
        )
        for language in languages
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
