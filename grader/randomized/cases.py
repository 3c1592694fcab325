"""A problem's random tests as stored and as judged. `grader answers` draws the inputs from the
`random:` block (random_inputs.py) and stores them with the references' answers in
`answers/random.json`; grading reads them back (no Hypothesis, no reference) and runs them
after the hand tests in the same session. They are one test row: all passed, or the first
that failed, shrunk by Hypothesis to the smallest input that still fails (the reference
answering each candidate in a session of its own), reproducible from its seed."""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Final

from ..checkers import InvalidAnswer, checker_for
from ..errors import ProblemError
from ..problem import (
    ANSWERS_DIR,
    Generator,
    Param,
    ParamSpec,
    Problem,
    RandomSpec,
    TestCase,
    Visibility,
    stored_json,
)
from ..protocol import ReplyKind
from ..results import TestResult
from ..sandbox.base import Program, Sandbox
from ..verdicts import Verdict

RANDOM_FILE: Final = "random.json"
# Each random test's name: `random-7` is the 7th input drawn; `random-searched` one an audit
# drew anew (`verify --mutants --random`).
PREFIX: Final = "random-"
SEARCHED: Final = f"{PREFIX}searched"
# How many candidates the shrinking may call beyond the draws that meet the failure again,
# and how long it may take in all, the reference's calls included: a submission slow on every
# call (within its limit) makes every candidate slow, and a student waits for them.
SHRINK_CALLS: Final = 300
# Failures reported as drawn: each smaller try could cost the limit again (a student would
# wait SHRINK_WALL_S for a time limit's smallest input).
NOT_SHRUNK: Final = frozenset({Verdict.TLE, Verdict.MLE, Verdict.OLE})
SHRINK_WALL_S: Final = 10.0


def random_path(problem: Problem) -> Path:
    return problem.directory / ANSWERS_DIR / RANDOM_FILE


def cases_of(inputs: list[dict[str, object]], spec: RandomSpec) -> tuple[TestCase, ...]:
    return tuple(
        TestCase(f"{PREFIX}{number}", value, 0.0, spec.visibility, spec.line)
        for number, value in enumerate(inputs, 1)
    )


def random_cases(problem: Problem) -> tuple[TestCase, ...]:
    """The random tests `grader answers` answers: the stored ones where they were drawn for
    the block as it is now (drawing again need not give the same inputs: Hypothesis' choices
    may change with its version, or with a process's state for a generator), else new ones."""
    try:
        return stored_cases(problem)[0]
    except ProblemError:
        return drawn_cases(problem)


def drawn_cases(problem: Problem) -> tuple[TestCase, ...]:
    """The inputs the `random:` block draws now (Hypothesis, imported only here). `grader
    answers` asks more than once (to answer, to store): drawn once."""
    spec = _spec(problem)
    specs = tuple(sorted(spec.params.items()))
    drawn = _drawn(problem.params, spec.count, spec.seed, specs, spec.generator)
    return cases_of([dict(value) for value in drawn], spec)


@cache
def _drawn(
    params: tuple[Param, ...],
    count: int,
    seed: int,
    specs: tuple[tuple[str, ParamSpec], ...],
    generator: Generator | None,
) -> tuple[dict[str, object], ...]:
    from .inputs import drawn, inputs

    spec = RandomSpec(count, seed, params=dict(specs), generator=generator)
    return tuple(drawn(inputs(params, spec), count, seed))


def fingerprint(problem: Problem) -> str:
    """What the inputs were drawn from: the signature, the block's count, seed and
    parameters, the generator's text. Stored inputs with another are stale."""
    spec = _spec(problem)
    drawn_from = {
        "signature": [[p.name, p.type, p.minimum, p.maximum] for p in problem.params],
        "count": spec.count,
        "seed": spec.seed,
        "params": {
            name: [list(param.size), param.alphabet, param.unique]
            for name, param in sorted(spec.params.items())
        },
        "generator": _generator_text(problem, spec.generator),
    }
    return hashlib.sha256(json.dumps(drawn_from, sort_keys=True).encode()).hexdigest()[:16]


def _generator_text(problem: Problem, generator: Generator | None) -> str | None:
    if generator is None:
        return None
    try:
        return generator.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ProblemError(
            generator.shown, None, "", f"cannot read the generator: {error}"
        ) from None


def write_random(
    problem: Problem, cases: tuple[TestCase, ...], answers: Mapping[str, object]
) -> Path:
    """Store the inputs with the references' answers, and what drew them."""
    spec = _spec(problem)
    document = {
        "seed": spec.seed,
        "count": spec.count,
        "drawn_from": fingerprint(problem),
        "cases": [{"input": dict(case.input), "answer": answers[case.name]} for case in cases],
    }
    path = random_path(problem)
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(document, separators=(",", ":")) + "\n", encoding="utf-8")
    return path


def stored_cases(problem: Problem) -> tuple[tuple[TestCase, ...], dict[str, object]]:
    """The stored random tests and their answers; ProblemError where they are missing or were
    drawn for another `random:` block, signature or generator than the problem's now."""
    spec = _spec(problem)
    path = random_path(problem)
    fix = f"run `grader answers {problem.id}` to draw them and store their answers"
    document = stored_json(problem, path, fix)
    if not isinstance(document, dict) or document.get("drawn_from") != fingerprint(problem):
        raise ProblemError(
            problem.shown(path),
            None,
            "",
            f"drawn for another random: block, signature or generator than the problem's now; "
            f"{fix}",
        )
    stored = document.get("cases")
    if not isinstance(stored, list) or not all(
        isinstance(case, dict) and isinstance(case.get("input"), dict) and "answer" in case
        for case in stored
    ):
        raise ProblemError(problem.shown(path), None, "", f"not a random tests file; {fix}")
    cases = cases_of([case["input"] for case in stored], spec)
    return cases, {case.name: entry["answer"] for case, entry in zip(cases, stored, strict=True)}


def _spec(problem: Problem) -> RandomSpec:
    spec = problem.random
    if not isinstance(spec, RandomSpec):
        raise ProblemError(problem.yaml_file, None, "random", "this problem has no random tests")
    return spec


def passed_row(problem: Problem, cases: tuple[TestCase, ...], ran_s: list[float]) -> TestResult:
    """All random tests passed, as one row worth the block's points; its time is the slowest
    input's (a row is judged as one test is), the CPU of all of them said."""
    spec = _spec(problem)
    slowest = max(ran_s, default=0.0)
    return TestResult(
        name="random",
        input=None,
        hidden=spec.visibility is Visibility.HIDDEN,
        verdict=Verdict.AC,
        time_s=slowest,
        wall_s=slowest,
        memory_kib=0,
        score=spec.points,
        max_score=spec.points,
        message=(
            f"all {len(cases)} random inputs (seed {spec.seed}) answered as the reference does "
            f"({sum(ran_s):.3f} s of CPU in all)"
        ),
        board="",
        output="",
        line=spec.line,
        alias="random",
    )


def failed_row(
    problem: Problem, failed: TestResult, original: TestCase, shrunk: Mapping[str, object] | None
) -> TestResult:
    """The first failing random test as the row: the smallest input found that still fails
    (the one drawn, where nothing smaller does), and what the judge said of it."""
    spec = _spec(problem)
    shown = dict(shrunk if shrunk is not None else original.input)
    if original.name == SEARCHED:
        told = "found by drawing new inputs, shrunk"
    elif shrunk is None and failed.verdict in NOT_SHRUNK:
        told = "as drawn: a limit's failure is not shrunk, as every smaller try could cost it"
    elif shrunk is None:  # not shrunk: not asked, or the failure did not come again
        told = "as drawn"
    elif shown != dict(original.input):
        told = f"shrunk from {json.dumps(dict(original.input))}"
    else:
        told = "as drawn: nothing smaller fails"
    return replace(
        failed,
        name=f"random #{original.name.removeprefix(PREFIX)} (seed {spec.seed})",
        input=shown,
        message=f"{failed.message} [random input {json.dumps(shown)}, {told}]",
        score=0.0,
        max_score=spec.points,
        alias="random",
    )


@contextmanager
def reference_calls(
    problem: Problem, program: Program, sandbox: Sandbox
) -> Iterator[Callable[[Mapping[str, object]], object]]:
    """Answers from a reference's own session, one call per input: for shrinking, where
    each candidate needs the reference's answer."""
    checker = checker_for(problem)
    with sandbox.session(program, problem.limits, SHRINK_CALLS) as session:

        def answer(value: Mapping[str, object]) -> object:
            probe = TestCase("shrinking", value, 0.0, Visibility.HIDDEN, None)
            outcome = session.call(problem.args(probe))
            reply = outcome.reply
            if reply is None or reply.kind is not ReplyKind.VALUE or reply.value is None:
                raise _ReferenceCannot
            try:
                return checker.canonical(value, reply.value)
            except InvalidAnswer:
                raise _ReferenceCannot from None

        yield answer


class _ReferenceCannot(Exception):
    """The reference gives no answer for a candidate: not a failure of the submission."""


def shrink(
    problem: Problem,
    judged: Callable[[TestCase, object], TestResult],
    answer: Callable[[Mapping[str, object]], object],
) -> dict[str, object] | None:
    """The smallest input Hypothesis finds that the submission still fails, drawing as
    `grader answers` drew (the same seed, so the first failure is met again), or None."""
    from .inputs import inputs, smallest

    spec = _spec(problem)
    calls = itertools.count()
    ends = time.monotonic() + SHRINK_WALL_S

    def fails(value: dict[str, object]) -> bool:
        if next(calls) >= spec.count + SHRINK_CALLS or time.monotonic() > ends:
            raise _Spent
        try:
            expected = answer(value)
        except _ReferenceCannot:
            return False
        result = judged(TestCase("shrinking", value, 0.0, spec.visibility, None), expected)
        return result.verdict is not Verdict.AC

    return smallest(inputs(problem.params, spec), fails, spec.seed, spec.count * 4, _Spent)


class _Spent(Exception):
    """The shrinking's calls or time are used up: the smallest failure so far is the answer."""
