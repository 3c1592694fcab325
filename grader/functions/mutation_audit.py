"""`grader verify --mutants`: how much of the references the tests hold. Each mutant
(mutants.py) is graded on every test as a submission is; the kill matrix says which test
rejects which mutant, which mutants survive every test (with their diff), which tests reject
nothing the tests before them do not, and the mutation score."""

from __future__ import annotations

import ast
import difflib
import json
import tempfile
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from ..judge import Asked, grade
from ..languages import FUNCTION_LANGUAGES, extensions
from ..problem import Problem, RandomSpec
from ..results import SubmissionResult
from ..sandbox import Sandbox
from ..submission import Submission, read_submission
from ..verdicts import Verdict
from .mutants import Mutant, mutants_of

# Random inputs drawn against a mutant at least (four times as many tried before giving up).
SEARCH_COUNT: Final = 100


@dataclass(frozen=True, slots=True)
class Graded:
    mutant: Mutant
    killed_by: tuple[str, ...]  # the tests that reject it
    stillborn: bool  # it does not compile or load: nothing to learn
    # `--random`, for a mutant no hand test rejects: whether random inputs were drawn against
    # it, and the smallest found that rejects it (a test to propose).
    searched: bool = False
    found: Mapping[str, object] | None = None


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
    asked = Asked(reveal_hidden=True, shrink=False)  # a kill is all that counts
    with tempfile.TemporaryDirectory(prefix="grader-mutants-") as scratch:

        def graded(mutant: Mutant) -> Graded:
            result = grade(problem, answers, _submission(scratch, mutant), sandbox, asked)
            return Graded(mutant, _rejecting(result), result.verdict is Verdict.CE)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(graded, mutants))


def searched(
    problem: Problem,
    answers: Mapping[str, object],
    sandbox: Sandbox,
    graded: list[Graded],
    jobs: int,
    progress: Callable[[str], None],
) -> list[Graded]:
    """`graded`, each mutant no hand test rejects graded again on random inputs drawn anew
    (as the `random:` block says, at least SEARCH_COUNT of them; from the signature alone
    where the problem has no block), the first that rejects it shrunk: the test that would
    kill it."""
    hand = {test.name for test in problem.tests}
    spec = problem.random or RandomSpec()
    audited = replace(problem, random=replace(spec, count=max(spec.count, SEARCH_COUNT)))
    asked = Asked(reveal_hidden=True, search_random=True)
    survivors = [one for one in graded if not one.stillborn and not hand & set(one.killed_by)]
    progress(f"{problem.id}: drawing random inputs against {len(survivors)} mutants")
    with tempfile.TemporaryDirectory(prefix="grader-mutants-") as scratch:

        def search(one: Graded) -> Graded:
            result = grade(audited, answers, _submission(scratch, one.mutant), sandbox, asked)
            row = result.tests[-1] if result.tests else None
            rejected = row is not None and row.alias == "random" and row.verdict is not Verdict.AC
            found = row.input if rejected and row is not None else None
            return replace(one, searched=True, found=found)

        with ThreadPoolExecutor(max_workers=jobs) as pool:
            again = dict(zip(map(id, survivors), pool.map(search, survivors), strict=True))
    return [again.get(id(one), one) for one in graded]


def _submission(scratch: str, mutant: Mutant) -> Submission:
    """The mutant as a file a student could hand in, in a folder of its own."""
    path = Path(scratch) / f"{mutant.reference.name}-{mutant.number}" / mutant.reference.name
    path.parent.mkdir(exist_ok=True)
    path.write_text(mutant.source, encoding="utf-8")
    return read_submission(path, extensions())


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
    lines += ["", *_idle_tests(names, alive), *_search_lines(problem, alive)]
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


def _search_lines(problem: Problem, alive: list[Graded]) -> list[str]:
    """`--random`: what random inputs did to the mutants the hand tests let live, and a test
    for problem.yaml per input that rejects one."""
    hunted = [one for one in alive if one.searched]
    if not hunted:
        return []
    lines = ["", f"Random inputs against the {len(hunted)} mutants no hand test rejects:"]
    if problem.random is None:
        lines.append(
            "  (drawn from the signature alone: the problem has no `random:` block to say what "
            "else an input must be; check each input below is one the problem allows)"
        )
    proposals: dict[str, list[Graded]] = {}
    for one in hunted:
        if one.found is None:
            lines.append(f"  {_label(one.mutant)}: no random input rejects it (equivalent?)")
            continue
        shown = json.dumps(dict(one.found))
        lines.append(f"  {_label(one.mutant)}: rejected by {shown}")
        proposals.setdefault(shown, []).append(one)
    if proposals:
        lines += [
            "",
            f"Proposed tests, each rejecting what no hand test does (add them under tests: in "
            f"{problem.yaml_file}, then run `grader answers {problem.id}`):",
        ]
        for shown, killed in proposals.items():
            first = killed[0].mutant
            reference = first.reference.name.replace(".", "-")  # mark.py and mark.cpp apart
            name = f"kills-{reference}-m{first.number}".lower()
            lines.append(f"  - {{name: {name}, input: {shown}, points: 1, visibility: hidden}}")
    return lines


def mutation_score(graded: list[Graded]) -> float:
    alive = [one for one in graded if not one.stillborn]
    return sum(1 for one in alive if one.killed_by) / len(alive) if alive else 1.0
