"""Random inputs drawn from a function problem's signature: the Hypothesis strategy that draws
them within the signature's types and bounds and the `random:` block's sizes, alphabets and
uniqueness (random_spec.py), reproducibly from a seed, and the shrinking of a failing one to a
minimal input. Nothing here runs a submission."""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Callable, Iterator
from typing import Final

from hypothesis import HealthCheck, Phase, find, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample, StopTest
from hypothesis.strategies import SearchStrategy

from ..errors import ProblemError
from ..problem import Generator, Param, ParamSpec, RandomSpec
from .generator import ENTRY, GeneratorFault, input_maker
from .spec import DEFAULT_FLOATS, int_bounds

# First inputs the generator could not finish because it drew too many numbers.
OVERRUNS: Final = 20


def inputs(params: tuple[Param, ...], spec: RandomSpec) -> SearchStrategy[dict[str, object]]:
    """Every parameter drawn at once, as the problem names them: by the instructor's
    generator where the block has one (its `rng`'s numbers chosen by Hypothesis, so that they
    shrink), else from the signature."""
    if spec.generator is not None:
        return st.randoms(use_true_random=False).map(_bounded(spec.generator, params))
    return st.fixed_dictionaries(
        {
            param.name: _values(param.type, param, spec.params.get(param.name, ParamSpec()))
            for param in params
        }
    )


def _bounded(
    generator: Generator, params: tuple[Param, ...]
) -> Callable[[random.Random], dict[str, object]]:
    """The generator's inputs, a generator that draws from `rng` without end being a fault:
    Hypothesis stops each such try when its choices run out (StopTest), and would try again
    hundreds of times. Once it has made an input, such stops are Hypothesis' own (shrinking
    tries choices that run out)."""
    make = input_maker(generator, params)
    overruns = itertools.count(1)
    made = False

    def one(rng: random.Random) -> dict[str, object]:
        nonlocal made
        try:
            value = make(rng)
        except StopTest:
            if not made and next(overruns) >= OVERRUNS:
                fault = ProblemError(
                    generator.shown,
                    None,
                    ENTRY,
                    f"drew from rng without end on its first {OVERRUNS} inputs: does it loop?",
                )
                raise GeneratorFault(fault) from None
            raise
        made = True
        return value

    return one


def _values(kind: str, param: Param, spec: ParamSpec, outer: bool = True) -> SearchStrategy[object]:
    low, high = spec.size
    if kind == "ListNode":
        return st.lists(
            _values("int", param, spec), min_size=low, max_size=high, unique=spec.unique
        )
    if kind == "TreeNode":
        return _trees(_values("int", param, spec), low, high)
    if kind.startswith("list["):
        items = _values(kind[5:-1], param, spec, outer=False)
        # Unique by what the item says: nested lists are not hashable.
        unique_by = repr if spec.unique and outer else None
        return st.lists(items, min_size=low, max_size=high, unique_by=unique_by)
    if kind in ("int", "long"):
        least, most = int_bounds(param)
        return st.integers(least, most)
    if kind == "bool":
        return st.booleans()
    if kind == "float":
        bottom = float(param.minimum) if param.minimum is not None else DEFAULT_FLOATS[0]
        top = float(param.maximum) if param.maximum is not None else DEFAULT_FLOATS[1]
        return st.floats(bottom, top, allow_nan=False, allow_infinity=False)
    if kind == "char":
        return st.sampled_from(sorted(set(spec.alphabet)))
    if kind == "str":
        return st.text(alphabet=spec.alphabet, min_size=low, max_size=high)
    raise ValueError(f"no random values of {kind}")  # the reader admits no other type


def _trees(values: SearchStrategy[object], least: int, most: int) -> SearchStrategy[object]:
    """A binary tree of `least` to `most` nodes in LeetCode's level order: each node after the
    root hangs from a free child place of one before it, so every shape can come."""

    @st.composite
    def tree(draw: st.DrawFn) -> list[object]:
        count = draw(st.integers(least, most))
        if count == 0:
            return []
        order: list[object] = [draw(values)]  # the level order, null for a missing child
        places = 2  # free child places of the nodes so far, in level order
        for _ in range(count - 1):
            skipped = draw(st.integers(0, places - 1))  # missing children before this one
            order += [None] * skipped + [draw(values)]
            places += 2 - skipped - 1
        return order

    return tree()


def drawn(
    strategy: SearchStrategy[dict[str, object]], count: int, seed: int
) -> list[dict[str, object]]:
    """`count` different inputs, the same ones for the same seed (and Hypothesis version):
    small and edge values first, as Hypothesis draws them."""
    found: list[dict[str, object]] = []
    seen: set[str] = set()

    def keep(value: dict[str, object]) -> bool:
        key = repr(value)
        if key not in seen:
            seen.add(key)
            found.append(value)
        return len(found) >= count

    with contextlib.suppress(NoSuchExample), _generator_faults():
        # NoSuchExample: fewer different inputs exist than were asked
        find(
            strategy,
            keep,
            settings=_settings(count * 4, (Phase.generate,)),
            random=random.Random(seed),
        )
    return found[:count]


def smallest(
    strategy: SearchStrategy[dict[str, object]],
    fails: Callable[[dict[str, object]], bool],
    seed: int,
    tries: int,
    spent: type[Exception] = Exception,
) -> dict[str, object] | None:
    """The smallest input that `fails` Hypothesis finds in `tries` draws and its shrinking,
    or None where none of them fails. `fails` raising `spent` ends the search early: the last
    failing input, the smallest so far (Hypothesis only tries smaller ones), is the answer."""
    failing: list[dict[str, object]] = []

    def still_fails(value: dict[str, object]) -> bool:
        if fails(value):
            failing.append(value)
            return True
        return False

    try:
        with _generator_faults():
            return find(
                strategy,
                still_fails,
                settings=_settings(tries, (Phase.generate, Phase.shrink)),
                random=random.Random(seed),
            )
    except NoSuchExample:
        return None
    except spent:
        return failing[-1] if failing else None


@contextlib.contextmanager
def _generator_faults() -> Iterator[None]:
    try:
        yield
    except GeneratorFault as raised:
        raise raised.fault from None


def _settings(examples: int, phases: tuple[Phase, ...]) -> settings:
    # No example database (nothing is written beside the problem), no deadline (a call's
    # time is the judge's to limit), and no health check that would fail a slow reference.
    return settings(
        max_examples=examples,
        phases=phases,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )
