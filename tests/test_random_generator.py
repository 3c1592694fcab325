"""An instructor's generator for random inputs (issue 46): its inputs fit the signature, the
same seed makes the same ones, a failure shrinks through the generator's own choices, and
whatever the generator does wrong is the problem's fault at its file:line. Pure: the
generator runs in the grader, nothing in a sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.errors import ProblemError
from grader.problem import Generator, Param, RandomSpec
from grader.randomized import generator as generator_module
from grader.randomized.inputs import drawn, inputs, smallest
from grader.randomized.spec import read_random
from grader.yamlsource import _parse

PARAMS = (Param("n", "int", 1, 20), Param("k", "int", 1, 20))
K_AT_MOST_N = """\
import random


def generate(rng: random.Random) -> dict[str, int]:
    n = rng.randint(1, 12)
    return {"n": n, "k": rng.randint(1, n)}
"""


def _spec(tmp_path: Path, source: str, seed: int = 7) -> RandomSpec:
    path = tmp_path / "generate.py"
    path.write_text(source, encoding="utf-8")
    return RandomSpec(count=30, seed=seed, generator=Generator(path, "problems/x/generate.py"))


def _draw(spec: RandomSpec) -> list[dict[str, object]]:
    return drawn(inputs(PARAMS, spec), spec.count, spec.seed)


def test_every_input_is_the_generator_s_and_the_same_seed_makes_the_same(tmp_path: Path) -> None:
    cases = _draw(_spec(tmp_path, K_AT_MOST_N))
    assert len(cases) == 30
    assert all(1 <= int(str(case["k"])) <= int(str(case["n"])) <= 12 for case in cases)
    assert len({case["n"] for case in cases}) > 5  # drawn, not one value over and over
    assert _draw(_spec(tmp_path, K_AT_MOST_N)) == cases
    assert _draw(_spec(tmp_path, K_AT_MOST_N, seed=8)) != cases


def test_a_failure_shrinks_through_the_generator_s_choices(tmp_path: Path) -> None:
    """Wrong from k = 3 on: the smallest failure the generator can make is n = k = 3 (a
    shrinker of the values alone could make k > n, an input the problem never has)."""
    strategy = inputs(PARAMS, _spec(tmp_path, K_AT_MOST_N))
    found = smallest(strategy, lambda case: int(str(case["k"])) >= 3, seed=1, tries=300)
    assert found == {"n": 3, "k": 3}


@pytest.mark.parametrize(
    ("source", "said"),
    [
        (
            "def generate(rng):\n    n = rng.randint(1, 3)\n    return {'n': n, 'k': n // 0}\n",
            "problems/x/generate.py:3: ZeroDivisionError: integer division or modulo by zero",
        ),
        (
            "def generate(rng):\n    return {'n': 1}\n",
            "returned {'n': 1}: return a dict of every parameter (n, k) and no other",
        ),
        (
            "def generate(rng):\n    return {'n': 1, 'k': 21}\n",
            "returned k: 21 is outside the allowed range 1..20",
        ),
        (
            "def generate(rng):\n    return {'n': 1, 'k': '2'}\n",
            'returned k: expected int, got "2"',
        ),
        ("def generate(rng):\n    return [1, 2]\n", "returned [1, 2]: return a dict"),
        ("def make(rng):\n    return {}\n", "defines no `def generate(rng):`"),
        (
            "def generate(rng)\n    return {}\n",
            "problems/x/generate.py:1: cannot read the generator",
        ),
        ("import no_such_module\n", "problems/x/generate.py:1: ModuleNotFoundError"),
    ],
)
def test_a_generator_s_fault_is_the_problem_s_at_its_line(
    tmp_path: Path, source: str, said: str
) -> None:
    with pytest.raises(ProblemError) as refused:
        _draw(_spec(tmp_path, source))
    assert said in str(refused.value), str(refused.value)


@pytest.mark.parametrize(
    ("loop", "seconds", "said"),
    [
        ("    while True:\n        pass\n", 0.2, "gave no input in 0.2 s: does it loop?"),
        # Each try ends when Hypothesis' choices run out, well within the 5 s of one input
        # also on a busy machine.
        (
            "    while True:\n        rng.random()\n",
            5.0,
            "drew from rng without end on its first 20 inputs",
        ),
    ],
)
def test_a_generator_that_loops_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loop: str, seconds: float, said: str
) -> None:
    monkeypatch.setattr(generator_module, "CALL_S", seconds)
    with pytest.raises(ProblemError) as refused:
        _draw(_spec(tmp_path, f"def generate(rng):\n    rng.randint(1, 5)\n{loop}"))
    assert f"problems/x/generate.py: generate: {said}" in str(refused.value)


def _block(text: str, directory: Path) -> RandomSpec:
    document = _parse(f"id: x\nrandom:\n{text}", "problem.yaml")
    assert isinstance(document.data, dict)
    return read_random(document, document.data["random"], PARAMS, directory, directory)


def test_a_block_names_its_generator_and_refuses_one_that_is_not_there(tmp_path: Path) -> None:
    (tmp_path / "generate.py").write_text(K_AT_MOST_N, encoding="utf-8")
    spec = _block("  generator: generate.py\n", tmp_path)
    assert spec.generator == Generator(tmp_path / "generate.py", "generate.py")
    with pytest.raises(ProblemError, match=r":3: random.generator: gen.py: expected a Python"):
        _block("  generator: gen.py\n", tmp_path)
    with pytest.raises(ProblemError, match=r"a generator makes the whole input: drop `params:`"):
        _block("  generator: generate.py\n  params:\n    n: {}\n", tmp_path)
