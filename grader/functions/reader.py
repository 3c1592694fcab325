"""Reading a function problem's folder (`problems/<id>/problem.yaml`) into the model of
problem.py.

Every mistake in the YAML is a ProblemError naming `file:line: key`. Unknown keys are errors:
they are almost always typos, and a misspelt limit silently ignored is a wrong grade.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Final

from ..checkers import CHECKERS
from ..languages import FUNCTION_LANGUAGES
from ..limits import Limits
from ..problem import (
    PROBLEM_FILE,
    SCALAR_TYPES,
    VOID,
    Param,
    Problem,
    TestCase,
    Visibility,
    argument_problem,
    known_type,
    run_order,
    shown_path,
)
from ..randomized.spec import read_random
from ..yamlsource import Document, kind_of, load

OPTIONAL_KEYS: Final = {
    "statement",
    "signature",
    "limits",
    "references",
    "probes",
    "validator",
    "random",
    "mutants",
}


def load_function_problem(directory: Path, shown_from: Path | None = None) -> Problem:
    """Read and validate `directory/problem.yaml` as grader's own problem; its messages show
    paths relative to `shown_from` (by default the working directory). Raises ProblemError."""
    shown = shown_path(directory / PROBLEM_FILE, shown_from)
    doc = load(directory / PROBLEM_FILE, shown)
    top = doc.mapping(
        "",
        doc.data,
        required={"id", "title", "entry_points", "checker", "tests"},
        optional=OPTIONAL_KEYS,
    )
    signature = doc.mapping(
        "signature", top.get("signature", {}), required={"params"}, optional={"returns"}
    )
    params = tuple(
        _param(doc, f"signature.params[{i}]", raw)
        for i, raw in enumerate(doc.sequence("signature.params", signature["params"]))
    )
    if len({p.name for p in params}) != len(params):
        raise doc.error("signature.params", "parameter names must be unique")
    entry_names = _entry_points(doc, top["entry_points"])
    statement = directory / doc.text("statement", top.get("statement", "statement.md"))
    if not statement.is_file():
        raise doc.error("statement", f"{shown_path(statement, shown_from)} does not exist")
    references = tuple(
        existing_file(doc, directory, f"references[{i}]", raw, shown_from)
        for i, raw in enumerate(doc.sequence("references", top.get("references", [])))
    )
    tests, probes = _tests_and_probes(doc, top, params)
    validator = (
        existing_file(doc, directory, "validator", top["validator"], shown_from)
        if "validator" in top
        else None
    )
    if top["checker"] == "set-of-any-valid" and validator is None:
        raise doc.error("checker", "set-of-any-valid judges with a validator: add `validator:`")
    return Problem(
        id=doc.text("id", top["id"]),
        title=doc.text("title", top["title"]),
        directory=directory,
        yaml_file=shown,
        statement=statement,
        params=params,
        returns=_returns(doc, signature.get("returns", ""), params),
        entry_points=entry_names,
        limits=function_limits(doc, top.get("limits", {})),
        checker=_checker(doc, top["checker"]),
        references=references,
        tests=tests,
        probes=probes,
        validator=validator,
        random=(
            read_random(doc, top["random"], params, directory, shown_from)
            if "random" in top
            else None
        ),
        min_mutation_score=_min_mutation_score(doc, top.get("mutants", {})),
        shown_from=shown_from,
    )


def _min_mutation_score(doc: Document, raw: object) -> float:
    """`mutants: {min_score: 0.9}`: `verify --mutants` exits 1 under it (CI's gate)."""
    block = doc.mapping("mutants", raw, required=set(), optional={"min_score"})
    if "min_score" not in block:
        return 0.0
    score = doc.number("mutants.min_score", block["min_score"])
    if score > 1:
        raise doc.error("mutants.min_score", f"a fraction from 0 to 1 (0.9: 90%), got {score}")
    return float(score)


def _tests_and_probes(
    doc: Document, top: Mapping[str, object], params: tuple[Param, ...]
) -> tuple[tuple[TestCase, ...], tuple[TestCase, ...]]:
    raw_tests = doc.sequence("tests", top["tests"])
    if not raw_tests:
        raise doc.error("tests", "a problem needs at least one test")
    tests = tuple(_test(doc, f"tests[{i}]", raw, params) for i, raw in enumerate(raw_tests))
    probes = tuple(
        _test(doc, f"probes[{i}]", raw, params, bounded=False)
        for i, raw in enumerate(doc.sequence("probes", top.get("probes", [])))
    )
    names = [test.name for test in (*tests, *probes)]
    for i, name in enumerate(names):
        if name in names[:i]:
            where = f"tests[{i}]" if i < len(tests) else f"probes[{i - len(tests)}]"
            raise doc.error(f"{where}.name", f"test name {name!r} is used twice")
    return run_order(tests), probes


def _entry_points(doc: Document, raw: object) -> dict[str, tuple[str, ...]]:
    """Each language's entry point names. Each key must be a language a function problem
    takes: a misspelled one (`cs:`) would leave every submission in it no entry point."""
    entry_points = doc.mapping(
        "entry_points", raw, required=set(), optional=set(FUNCTION_LANGUAGES)
    )
    return {
        language: _entry_names(doc, f"entry_points.{language}", names)
        for language, names in entry_points.items()
    }


def _entry_names(doc: Document, where: str, raw: object) -> tuple[str, ...]:
    names = raw if isinstance(raw, list) else [raw]
    if not names:
        raise doc.error(where, "expected a function name or a list of them, got []")
    for name in names:
        if not isinstance(name, str) or not name.isidentifier():
            raise doc.error(where, f"expected a function name, got {name!r}")
    if len(set(names)) != len(names):
        raise doc.error(where, "a name is listed twice")
    return tuple(names)


def _param(doc: Document, path: str, raw: object) -> Param:
    spec = doc.mapping(path, raw, required={"name", "type"}, optional={"min", "max"})
    name = doc.text(f"{path}.name", spec["name"])
    kind = doc.text(f"{path}.type", spec["type"])
    if not known_type(kind):
        raise doc.error(
            f"{path}.type",
            f"unknown type {kind!r} (known: {', '.join(SCALAR_TYPES)}, list[T] of those, ListNode)",
        )
    bounds = []
    for key in ("min", "max"):
        value = spec.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise doc.error(f"{path}.{key}", f"expected an integer, got {kind_of(value)}")
        bounds.append(value)
    return Param(name, kind, bounds[0], bounds[1])


def _returns(doc: Document, raw: object, params: tuple[Param, ...]) -> str:
    kind = doc.text("signature.returns", raw)
    if kind == VOID and not params:
        raise doc.error("signature.returns", "void: the first parameter is the answer; add one")
    if kind and kind != VOID and not known_type(kind):
        raise doc.error(
            "signature.returns",
            f"unknown type {kind!r} (known: {', '.join(SCALAR_TYPES)}, list[T] of those, "
            "ListNode, void)",
        )
    return kind


def function_limits(doc: Document, raw: object) -> Limits:
    spec = doc.mapping(
        "limits",
        raw,
        required=set(),
        optional={"time_s", "wall_s", "memory_mib", "output_kib", "time_factor", "total_time_s"},
    )
    factors = doc.mapping(
        "limits.time_factor", spec.get("time_factor", {}), required=set(), optional=None
    )
    time_s = doc.number("limits.time_s", spec.get("time_s", 1.0))
    total = None
    if "total_time_s" in spec:
        total = doc.number("limits.total_time_s", spec["total_time_s"])
        if total < time_s:
            raise doc.error(
                "limits.total_time_s",
                f"{total:g} is less than one test's time_s ({time_s:g}): the whole submission "
                "could not run its slowest test",
            )
    return Limits(
        time_s=time_s,
        wall_s=doc.number("limits.wall_s", spec.get("wall_s", max(3 * time_s, time_s + 1))),
        memory_mib=int(doc.number("limits.memory_mib", spec.get("memory_mib", 256), True)),
        output_kib=int(doc.number("limits.output_kib", spec.get("output_kib", 1024), True)),
        time_factors={
            str(language): doc.number(f"limits.time_factor.{language}", factor)
            for language, factor in factors.items()
        },
        total_time_s=total,
    )


def _test(
    doc: Document, path: str, raw: object, params: tuple[Param, ...], bounded: bool = True
) -> TestCase:
    """A test (or, not `bounded`, a probe: an input past the signature's min and max)."""
    spec = doc.mapping(path, raw, required={"name", "input"}, optional={"points", "visibility"})
    name = doc.text(f"{path}.name", spec["name"])
    if not all(c.isalnum() or c in "-_" for c in name):
        raise doc.error(f"{path}.name", f"{name!r}: use only letters, digits, '-' and '_'")
    given = doc.mapping(
        f"{path}.input", spec["input"], required={p.name for p in params}, optional=set()
    )
    for param in params:
        checked = param if bounded else replace(param, minimum=None, maximum=None)
        _check_argument(doc, f"{path}.input.{param.name}", given[param.name], checked)
    visibility = spec.get("visibility", "hidden")
    if visibility not in {v.value for v in Visibility}:
        raise doc.error(
            f"{path}.visibility", f"expected sample or hidden, got {kind_of(visibility)}"
        )
    points = spec.get("points", 1)
    if isinstance(points, bool) or not isinstance(points, int | float) or points < 0:
        raise doc.error(f"{path}.points", f"expected a number >= 0, got {kind_of(points)}")
    return TestCase(name, dict(given), points, Visibility(visibility), doc.line(path), key=path)


def _check_argument(doc: Document, path: str, value: object, param: Param) -> None:
    wrong = argument_problem(value, param)
    if wrong:
        raise doc.error(path, wrong)


def _checker(doc: Document, raw: object) -> str:
    name = doc.text("checker", raw)
    if name not in CHECKERS:
        raise doc.error("checker", f"unknown checker {name!r} (known: {', '.join(CHECKERS)})")
    return name


def existing_file(
    doc: Document, directory: Path, path: str, raw: object, shown_from: Path | None
) -> Path:
    target = directory / doc.text(path, raw)
    if not target.is_file():
        raise doc.error(path, f"{shown_path(target, shown_from)} does not exist")
    return target
