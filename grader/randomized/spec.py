"""A function problem's random tests as problem.yaml's `random:` block says them: how many,
from which seed, shown to whom, and how each parameter is drawn beyond its type and min/max.
Read without Hypothesis (random_inputs.py draws), so grading never imports it unless a random
test fails and is shrunk."""

from __future__ import annotations

from pathlib import Path
from typing import Final

from ..problem import (
    NODE_TYPES,
    RANDOM_ALPHABET,
    RANDOM_COUNT,
    RANDOM_SIZE,
    Generator,
    Param,
    ParamSpec,
    RandomSpec,
    Visibility,
    shown_path,
)
from ..yamlsource import Document

MAX_COUNT: Final = 10_000
# An int the signature leaves unbounded: LeetCode's usual values, small enough to read.
DEFAULT_INTS: Final = (-1000, 1000)
DEFAULT_FLOATS: Final = (-1000.0, 1000.0)
PARAM_KEYS: Final = {"size", "alphabet", "unique"}


def read_random(
    doc: Document, raw: object, params: tuple[Param, ...], directory: Path, shown_from: Path | None
) -> RandomSpec:
    """The `random:` block, each value checked at its line: a parameter the signature does
    not have, a size or an alphabet the signature's bounds cannot satisfy, a generator file
    that is not there."""
    block = doc.mapping(
        "random",
        raw,
        required=set(),
        optional={"count", "seed", "visibility", "points", "params", "generator"},
    )
    count = int(doc.number("random.count", block.get("count", RANDOM_COUNT), integer=True))
    if count > MAX_COUNT:
        raise doc.error("random.count", f"{count} random tests: at most {MAX_COUNT:,}")
    seed = block.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise doc.error("random.seed", f"expected an integer >= 0, got {seed!r}")
    shown = block.get("visibility", Visibility.HIDDEN.value)
    if shown not in {visibility.value for visibility in Visibility}:
        raise doc.error("random.visibility", f"expected sample or hidden, got {shown!r}")
    by_name = {param.name: param for param in params}
    raw_params = doc.mapping("random.params", block.get("params", {}), set(), set(by_name))
    specs = {
        name: _param_spec(doc, f"random.params.{name}", raw_spec, by_name[name])
        for name, raw_spec in raw_params.items()
    }
    points = doc.number("random.points", block.get("points", 1))  # 1, not 1.0: printed as is
    generator = _generator(doc, block, directory, shown_from)
    return RandomSpec(count, seed, Visibility(shown), points, specs, doc.line("random"), generator)


def _generator(
    doc: Document, block: dict[str, object], directory: Path, shown_from: Path | None
) -> Generator | None:
    if "generator" not in block:
        return None
    if "params" in block:
        raise doc.error(
            "random.generator",
            "a generator makes the whole input: drop `params:` (or the generator, to draw "
            "from the signature)",
        )
    name = doc.text("random.generator", block["generator"])
    path = directory / name
    if path.suffix != ".py" or not path.is_file():
        raise doc.error(
            "random.generator",
            f"{shown_path(path, shown_from)}: expected a Python file (named from the problem's "
            "folder) defining `def generate(rng):`",
        )
    return Generator(path, shown_path(path, shown_from))


def _param_spec(doc: Document, path: str, raw: object, param: Param) -> ParamSpec:
    spec = doc.mapping(path, raw, required=set(), optional=PARAM_KEYS)
    size = RANDOM_SIZE
    if "size" in spec:
        bounds = spec["size"]
        if (
            not isinstance(bounds, list)
            or len(bounds) != 2
            or not all(isinstance(end, int) and not isinstance(end, bool) for end in bounds)
            or not 0 <= bounds[0] <= bounds[1]
        ):
            raise doc.error(
                f"{path}.size", f"expected [least, most] with 0 <= least <= most, got {bounds!r}"
            )
        size = (bounds[0], bounds[1])
        if not _sized(param.type):
            raise doc.error(f"{path}.size", f"{param.name} is {param.type}: it has no length")
    alphabet = RANDOM_ALPHABET
    if "alphabet" in spec:
        alphabet = doc.text(f"{path}.alphabet", spec["alphabet"])
        if not alphabet.isascii() and "char" in param.type:
            raise doc.error(f"{path}.alphabet", "a char is one ASCII character: use ASCII only")
        if "str" not in param.type and "char" not in param.type:
            raise doc.error(
                f"{path}.alphabet", f"{param.name} is {param.type}: it has no characters"
            )
    unique = spec.get("unique", False)
    if not isinstance(unique, bool):
        raise doc.error(f"{path}.unique", f"expected true or false, got {unique!r}")
    if unique:
        if not param.type.startswith("list[") and param.type != "ListNode":
            raise doc.error(
                f"{path}.unique", f"{param.name} is {param.type}: only a list's items can be unique"
            )
        distinct = _distinct_values(_item_type(param.type), param, alphabet)
        if distinct is not None and distinct < size[0]:
            raise doc.error(
                f"{path}.unique",
                f"{size[0]} different items are needed and {param.name}'s bounds allow only "
                f"{distinct}",
            )
    return ParamSpec(size, alphabet, unique)


def _sized(kind: str) -> bool:
    return kind.startswith("list[") or kind in NODE_TYPES or kind == "str"


def _item_type(kind: str) -> str:
    if kind in NODE_TYPES:
        return "int"
    return kind[5:-1] if kind.startswith("list[") else kind


def _distinct_values(kind: str, param: Param, alphabet: str) -> int | None:
    """How many different values of `kind` the bounds allow, where that is small."""
    if kind in ("int", "long"):
        low, high = int_bounds(param)
        return high - low + 1
    if kind == "bool":
        return 2
    if kind == "char":
        return len(set(alphabet))
    return None


def int_bounds(param: Param) -> tuple[int, int]:
    low = param.minimum if param.minimum is not None else DEFAULT_INTS[0]
    high = param.maximum if param.maximum is not None else DEFAULT_INTS[1]
    return low, high
