"""Random inputs from a signature (issue 46): every one fits the signature and the `random:`
block, the same seed draws the same ones, a failure shrinks to a minimal input, and a block the
signature cannot satisfy is refused at its line. Pure: nothing is run."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.errors import ProblemError
from grader.problem import Param, ParamSpec, RandomSpec, argument_problem
from grader.randomized.inputs import drawn, inputs, smallest
from grader.randomized.spec import read_random
from grader.yamlsource import _parse

EVERY_TYPE = (
    Param("n", "int", 1, 9),
    Param("big", "long"),
    Param("flag", "bool"),
    Param("ratio", "float", 0, 1),
    Param("word", "str"),
    Param("letter", "char"),
    Param("nums", "list[int]", -5, 5),
    Param("grid", "list[list[char]]"),
    Param("head", "ListNode", 0, 99),
    Param("root", "TreeNode", -10, 10),
)
SPEC = RandomSpec(
    count=150,
    seed=3,
    params={
        "word": ParamSpec(size=(1, 4), alphabet="xy"),
        "letter": ParamSpec(alphabet="QR"),
        "nums": ParamSpec(size=(2, 6), unique=True),
        "grid": ParamSpec(size=(0, 3), alphabet=".#"),
        "root": ParamSpec(size=(1, 7)),
    },
)


def _nodes(order: list[object]) -> int:
    return sum(value is not None for value in order)


def _level_order_holds(order: list[object]) -> bool:
    """Each value after the root hangs from a free child place of a node before it."""
    places = 2 if order else 0
    for value in order[1:]:
        if places == 0:
            return False
        places += 1 if value is not None else -1
    return not order or (order[0] is not None and order[-1] is not None)


def test_every_input_fits_the_signature_and_the_block() -> None:
    cases = drawn(inputs(EVERY_TYPE, SPEC), SPEC.count, SPEC.seed)
    assert len(cases) == SPEC.count
    for case in cases:
        for param in EVERY_TYPE:
            assert argument_problem(case[param.name], param) == "", (param, case)
        assert 1 <= len(case["word"]) <= 4 and set(case["word"]) <= set("xy")
        assert case["letter"] in ("Q", "R")
        assert 2 <= len(case["nums"]) <= 6 and len(set(case["nums"])) == len(case["nums"])
        assert all(set(row) <= set(".#") and len(row) <= 3 for row in case["grid"])
        assert 1 <= _nodes(case["root"]) <= 7 and _level_order_holds(case["root"])
        assert all(0 <= value <= 99 for value in case["head"])


def test_the_same_seed_draws_the_same_inputs_and_another_seed_others() -> None:
    strategy = inputs(EVERY_TYPE, SPEC)
    first = drawn(strategy, 40, 11)
    assert drawn(strategy, 40, 11) == first
    assert drawn(strategy, 40, 12) != first
    assert len({repr(case) for case in first}) == 40  # no input twice


def test_fewer_inputs_than_asked_are_all_there_are() -> None:
    only = drawn(inputs((Param("n", "int", 1, 3),), RandomSpec()), 50, 0)
    assert sorted(case["n"] for case in only) == [1, 2, 3]


def test_a_failure_shrinks_to_a_minimal_input() -> None:
    params = (Param("nums", "list[int]", 0, 100), Param("k", "int", 0, 100))
    strategy = inputs(params, RandomSpec(params={"nums": ParamSpec(size=(0, 20))}))

    def fails(case: dict[str, object]) -> bool:  # wrong once a list is long and k large
        nums, k = case["nums"], case["k"]
        assert isinstance(nums, list) and isinstance(k, int)
        return len(nums) >= 3 and k >= 10

    assert smallest(strategy, fails, seed=5, tries=300) == {"nums": [0, 0, 0], "k": 10}
    assert smallest(strategy, lambda case: False, seed=5, tries=50) is None


def _block(text: str, params: tuple[Param, ...] = EVERY_TYPE) -> RandomSpec:
    document = _parse(f"id: x\nrandom:\n{text}", "problem.yaml")
    assert isinstance(document.data, dict)
    return read_random(document, document.data["random"], params, Path.cwd(), None)


def test_a_block_is_read_with_its_defaults() -> None:
    spec = _block(
        "  count: 20\n  seed: 4\n  visibility: sample\n  params:\n    nums: {size: [1, 3]}\n"
    )
    assert (spec.count, spec.seed, spec.visibility.value) == (20, 4, "sample")
    assert spec.params["nums"].size == (1, 3) and spec.line == 2
    assert _block("  {}\n").count == 100


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "  params:\n    numz: {size: [1, 2]}\n",
            ":4: random.params.numz: unknown key (did you mean 'nums'?",
        ),
        (
            "  params:\n    n: {size: [1, 2]}\n",
            ":4: random.params.n.size: n is int: it has no length",
        ),
        ("  params:\n    nums: {size: [3, 1]}\n", "expected [least, most] with 0 <= least <= most"),
        ("  params:\n    n: {unique: true}\n", "n is int: only a list's items can be unique"),
        (
            "  params:\n    nums: {size: [12, 20], unique: true}\n",
            "12 different items are needed and nums's bounds allow only 11",
        ),
        ("  params:\n    n: {alphabet: ab}\n", "n is int: it has no characters"),
        ("  count: 0\n", "random.count: expected a number > 0"),
        ("  count: 20000\n", "at most 10,000"),
        ("  visibility: secret\n", "expected sample or hidden"),
        ("  seed: -1\n", "random.seed: expected an integer >= 0"),
        ("  sead: 3\n", "random.sead: unknown key (did you mean 'seed'?"),
    ],
)
def test_a_block_the_signature_cannot_satisfy_is_refused_at_its_line(text: str, said: str) -> None:
    with pytest.raises(ProblemError) as refused:
        _block(text)
    assert said in str(refused.value), str(refused.value)


def test_the_module_has_no_state_between_draws(tmp_path: Path) -> None:
    """Nothing is written (no example database beside the problem or in the working
    directory), whatever Hypothesis does by default."""
    before = set(Path.cwd().iterdir())
    drawn(inputs(EVERY_TYPE, SPEC), 10, 1)
    assert set(Path.cwd().iterdir()) == before
