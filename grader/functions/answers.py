"""Expected answers: computed by running every trusted reference, required to agree, and
stored as `problems/<id>/answers/<test>.json` so grading never re-runs the references."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from ..checkers import InvalidAnswer, checker_for
from ..errors import ProblemError, ReferenceMismatch
from ..judge.references import reference_program, usable_reference
from ..problem import Problem, TestCase, load_answer
from ..protocol import ReplyKind
from ..randomized.cases import random_cases, stored_cases, write_random
from ..sandbox.base import Sandbox


def compute_answers(problem: Problem, sandbox: Sandbox) -> dict[str, object]:
    """Run every reference on every test, and on the random tests' inputs as the `random:`
    block draws them now. Raises ProblemError when a reference fails and ReferenceMismatch,
    naming the test, when two references disagree."""
    if not problem.references:
        raise ProblemError(problem.yaml_file, None, "references", "no reference solutions listed")
    randomly = random_cases(problem) if problem.random is not None else ()
    everything = replace(problem, probes=(*problem.probes, *randomly))
    by_reference = {
        str(path): _run_reference(everything, path, sandbox) for path in problem.references
    }
    first_name, first = next(iter(by_reference.items()))
    for name, answers in by_reference.items():
        for test in everything.answered:
            if answers[test.name] != first[test.name]:
                raise ReferenceMismatch(
                    problem.yaml_file,
                    test.line,
                    f"{test.key} ({test.name})",
                    f"references disagree: {problem.shown(Path(first_name))} gives "
                    f"{_summary(first[test.name])}, {problem.shown(Path(name))} gives "
                    f"{_summary(answers[test.name])}",
                )
    return first


def write_answers(problem: Problem, answers: dict[str, object]) -> list[Path]:
    """Store `answers` (the random tests' with their inputs, in one file); returns the files
    written."""
    written = []
    (problem.directory / "answers").mkdir(exist_ok=True)
    for test in problem.answered:
        path = problem.answer_path(test)
        document = {"input": dict(test.input), "answer": answers[test.name]}
        path.write_text(json.dumps(document, separators=(",", ":")) + "\n", encoding="utf-8")
        written.append(path)
    if problem.random is not None:
        written.append(write_random(problem, random_cases(problem), answers))
    return written


def stale_answers(problem: Problem, answers: dict[str, object]) -> list[TestCase]:
    """The tests whose stored answer differs from what the references compute now."""
    stale = []
    for test in problem.answered:
        try:
            stored = load_answer(problem, test)
        except ProblemError:
            stale.append(test)
            continue
        if stored != answers[test.name]:
            stale.append(test)
    if problem.random is not None and not _random_current(problem, answers):
        stale.append(TestCase("random", {}, 0.0, problem.random.visibility, problem.random.line))
    return stale


def _random_current(problem: Problem, answers: dict[str, object]) -> bool:
    """Whether answers/random.json was drawn for the block as it is now and holds the
    references' answers (`answers`, computed on those same inputs)."""
    try:
        cases, stored = stored_cases(problem)
    except ProblemError:
        return False
    return all(stored[case.name] == answers.get(case.name) for case in cases)


def reference_answer(problem: Problem, test: TestCase, sandbox: Sandbox) -> object:
    """`test`'s answer from one reference, the first this machine can run. For an input
    nobody stored an answer for."""
    alone = replace(problem, tests=(test,), probes=())
    return _run_reference(alone, usable_reference(problem), sandbox)[test.name]


def _run_reference(problem: Problem, path: Path, sandbox: Sandbox) -> dict[str, object]:
    shown = problem.shown(path)
    program = reference_program(problem, path, sandbox)
    checker = checker_for(problem)
    answers: dict[str, object] = {}
    with sandbox.session(program, problem.limits, len(problem.answered)) as session:
        for test in problem.answered:
            outcome = session.call(problem.args(test))
            reply = outcome.reply
            if reply is None or reply.kind is not ReplyKind.VALUE or reply.value is None:
                what = reply.message if reply else outcome.termination.value
                raise ProblemError(shown, test.line, test.name, f"reference failed: {what}")
            try:
                answers[test.name] = checker.canonical(test.input, reply.value)
            except InvalidAnswer as error:
                raise ProblemError(
                    shown, None, test.name, f"reference gives an invalid answer: {error}"
                ) from None
    return answers


def _summary(answer: object) -> str:
    if isinstance(answer, list):
        return f"{len(answer)} items" + (f" starting {answer[0]}" if answer else "")
    return json.dumps(answer)
