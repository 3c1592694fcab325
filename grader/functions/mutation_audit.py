"""`grader verify --mutants`: how much of the references the tests hold. Each mutant
(mutants.py) is graded on every test as a submission is; the kill matrix says which test
rejects which mutant, which mutants survive every test (with their diff), which tests reject
nothing the tests before them do not, and the mutation score."""

from __future__ import annotations

import ast
import difflib
import tempfile
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..judge import Asked, grade
from ..languages import FUNCTION_LANGUAGES, extensions
from ..problem import Problem
from ..results import SubmissionResult
from ..sandbox import Sandbox
from ..submission import read_submission
from ..verdicts import Verdict
from .mutants import Mutant, mutants_of


@dataclass(frozen=True, slots=True)
class Graded:
    mutant: Mutant
    killed_by: tuple[str, ...]  # the tests that reject it
    stillborn: bool  # it does not compile or load: nothing to learn


def kill_matrix(
    problem: Problem,
    answers: Mapping[str, object],
    sandbox: Sandbox,
    jobs: int,
    progress: Callable[[str], None] = lambda line: None,
) -> list[Graded]:
    """Every reference's mutants (where its language is on this machine) graded on every
    test."""
    known = extensions()
    mutants = [
        mutant
        for reference in problem.references
        if reference.suffix in known and not FUNCTION_LANGUAGES[known[reference.suffix]].missing()
        for mutant in mutants_of(reference, problem.returns)
    ]
    progress(f"{problem.id}: grading {len(mutants)} mutants of its references")
    with tempfile.TemporaryDirectory(prefix="grader-mutants-") as scratch:

        def graded(mutant: Mutant) -> Graded:
            path = (
                Path(scratch) / f"{mutant.reference.name}-{mutant.number}" / mutant.reference.name
            )
            path.parent.mkdir()
            path.write_text(mutant.source, encoding="utf-8")
            submission = read_submission(path, extensions())
            asked = Asked(reveal_hidden=True, shrink=False)  # a kill is all that counts
            result = grade(problem, answers, submission, sandbox, asked)
            return Graded(mutant, _rejecting(result), result.verdict is Verdict.CE)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(graded, mutants))


def _rejecting(result: SubmissionResult) -> tuple[str, ...]:
    """The tests that reject a result; the random tests' row, whichever input failed, as
    `random`."""
    return tuple(
        "random" if test.name.startswith("random") else test.name
        for test in result.tests
        if test.verdict is not Verdict.AC
    )


def audit_text(problem: Problem, graded: list[Graded]) -> str:
    """The kill matrix, the survivors with their diffs, the tests that add nothing, and the
    mutation score (killed / mutants that built)."""
    names = [test.name for test in problem.tests]
    if problem.random is not None:
        names.append("random")
    alive = [one for one in graded if not one.stillborn]
    killed = [one for one in alive if one.killed_by]
    lines = ["Kill matrix (x: the test rejects the mutant):"]
    width = max((len(_label(one.mutant)) for one in alive), default=10)
    lines.append("  " + " " * width + "  " + " ".join(f"{name[:6]:>6}" for name in names))
    for one in alive:
        marks = " ".join(f"{'x' if name in one.killed_by else '.':>6}" for name in names)
        lines.append(f"  {_label(one.mutant):<{width}}  {marks}")
    survivors = [one for one in alive if not one.killed_by]
    if survivors:
        lines += ["", f"Survivors ({len(survivors)}): no test rejects them"]
        for one in survivors:
            lines.append(f"  {_label(one.mutant)}")
            original = one.mutant.reference.read_text(encoding="utf-8")
            if one.mutant.reference.suffix == ".py":  # mutants are unparsed: so is the base
                original = ast.unparse(ast.parse(original)) + "\n"
            diff = difflib.unified_diff(
                original.splitlines(), one.mutant.source.splitlines(), lineterm="", n=0
            )
            lines += [f"    {line}" for line in list(diff)[2:]]
    lines += ["", *_idle_tests(names, alive)]
    score = len(killed) / len(alive) if alive else 1.0
    stillborn = len(graded) - len(alive)
    lines.append(
        f"Mutation score: {score:.0%} ({len(killed)} of {len(alive)} mutants rejected; "
        f"{stillborn} did not build and are not counted)"
    )
    return "\n".join(lines) + "\n"


def _label(mutant: Mutant) -> str:
    return f"{mutant.reference.name} M{mutant.number} line {mutant.line}: {mutant.change}"


def _idle_tests(names: list[str], alive: list[Graded]) -> list[str]:
    """A warning for each test that rejects no mutant the tests run before it have not
    (in run order: samples, then hidden tests, then the random ones)."""
    said = []
    rejected_before: set[tuple[str, int]] = set()
    for name in names:
        rejected = {
            (one.mutant.reference.name, one.mutant.number) for one in alive if name in one.killed_by
        }
        if not rejected - rejected_before:
            said.append(f"warning: test {name} rejects no mutant the tests before it do not")
        rejected_before |= rejected
    return said


def mutation_score(graded: list[Graded]) -> float:
    alive = [one for one in graded if not one.stillborn]
    return sum(1 for one in alive if one.killed_by) / len(alive) if alive else 1.0
