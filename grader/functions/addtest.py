"""`grader add-test`: append a test to problem.yaml as a line of its own (comments, order and
layout of the rest kept), validated against the signature, its answer from the references."""

from __future__ import annotations

import yaml

from ..errors import ProblemError, UsageError
from ..problem import Problem, TestCase
from .reader import load_function_problem


def parse_inputs(pairs: list[str]) -> dict[str, object]:
    """`n=7`, `cols=[1, 2]`: each value read as YAML, so numbers and lists keep their type."""
    values: dict[str, object] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        if not equals or not name:
            raise UsageError(f"--input {pair!r}: expected NAME=VALUE")
        try:
            values[name.strip()] = yaml.safe_load(text)
        except yaml.YAMLError:
            raise UsageError(f"--input {pair!r}: the value is not valid YAML") from None
    return values


def add_test(
    problem: Problem, inputs: dict[str, object], points: float, hidden: bool, name: str | None
) -> tuple[Problem, TestCase]:
    """Append the test; the problem reloaded, and the test as loaded. On any error the file
    is unchanged. A hidden test's default name says nothing of its input."""
    taken = {test.name for test in problem.tests}
    if name is None:
        named_after = "-".join(
            f"{key}{value}" for key, value in inputs.items() if isinstance(value, int)
        )
        name = (
            f"secret{len(problem.tests) + 1}"
            if hidden
            else named_after or f"test{len(problem.tests) + 1}"
        )
        base, suffix = name, 2
        while name in taken:
            name, suffix = f"{base}-{suffix}", suffix + 1
    elif name in taken:
        raise UsageError(f"{problem.yaml_file}: a test named {name!r} exists already")
    entry: dict[str, object] = {
        "name": name,
        "input": inputs,
        "points": int(points) if float(points).is_integer() else points,
        "visibility": "hidden" if hidden else "sample",
    }
    path = problem.directory / "problem.yaml"
    original = path.read_text(encoding="utf-8")
    path.write_text(_appended(original, entry), encoding="utf-8")
    try:
        loaded = load_function_problem(problem.directory, problem.shown_from)
    except ProblemError:
        path.write_text(original, encoding="utf-8")
        raise
    return loaded, next(test for test in loaded.tests if test.name == name)


def _appended(text: str, entry: dict[str, object]) -> str:
    """`text` with `entry` as a flow-style line after the last item of `tests:`."""
    root = yaml.compose(text)
    tests = None
    if isinstance(root, yaml.MappingNode):
        for key, value in root.value:
            if key.value == "tests" and isinstance(value, yaml.SequenceNode) and value.value:
                tests = value
    if tests is None:
        raise UsageError("problem.yaml has no list of tests to append to")
    last = tests.value[-1]
    indent = " " * (last.start_mark.column - 2)
    flow = yaml.safe_dump(entry, default_flow_style=True, sort_keys=False, width=1000).strip()
    lines = text.splitlines(keepends=True)
    end = last.end_mark.line + (1 if last.end_mark.column > 0 else 0)
    lines.insert(end, f"{indent}- {flow}\n")
    return "".join(lines)
