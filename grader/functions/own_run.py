"""Run on your own input: the student types an input in the problem's own terms (`n = 6`),
the program is called once with it in the sandbox, and a trusted reference answers the same
input, so the checker can say what it says of a test. Not a submission: nothing is stored,
and a typed input is only an input (one equal to a hidden test's gets no stored answer, the
reference computes it as it would any other)."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import replace
from typing import Final

from ..errors import GraderError, InputError
from ..judge import Asked, grade
from ..problem import Problem, TestCase, Visibility, argument_problem
from ..results import REFERENCE_CANNOT, OwnRun
from ..sandbox.base import Sandbox
from ..submission import Submission
from .answers import reference_answer

TYPED_MAX_CHARS: Final = 2_000
# What a student is told when the reference fails on their input. The failure itself names
# server files (the reference's path, its trace) and goes to the service's log only.
log = logging.getLogger("grader.service")
NAME: Final = re.compile(r"(?:^|[,;\n])\s*([A-Za-z_]\w*)\s*=")


def parse_input(problem: Problem, typed: str) -> dict[str, object]:
    """`n = 6` (or `nums = [1, 2], k = 3`, one per line or comma-separated) as the
    problem's arguments, each checked against the signature; InputError says what is wrong."""
    if len(typed) > TYPED_MAX_CHARS:
        raise InputError(f"the input is longer than {TYPED_MAX_CHARS} characters")
    names = list(NAME.finditer(typed))
    if not names or typed[: names[0].start()].strip():
        example = ", ".join(f"{param.name} = …" for param in problem.params)
        raise InputError(f"write the input as the problem names it: {example}")
    given: dict[str, object] = {}
    for found, following in zip(names, [*names[1:], None], strict=True):
        name = found[1]
        if name in given:
            raise InputError(f"{name} is given twice")
        text = typed[found.end() : following.start() if following else len(typed)].strip()
        try:
            given[name] = json.loads(text)
        except ValueError:
            raise InputError(
                f'{name}: {text!r} is not a value (a number, "text" or a [list])'
            ) from None
    wanted = [param.name for param in problem.params]
    if sorted(given) != sorted(wanted):
        raise InputError(
            f"the input names {', '.join(given)}; the problem takes {', '.join(wanted)}"
        )
    for param in problem.params:
        wrong = argument_problem(given[param.name], param)
        if wrong:
            raise InputError(f"{param.name}: {wrong}")
    return {param.name: given[param.name] for param in problem.params}


def run_own_input(
    problem: Problem, submission: Submission, arguments: dict[str, object], sandbox: Sandbox
) -> OwnRun:
    """The submission and a reference, each called once with `arguments`; the student's
    result checked against the reference's answer as a sample test's would be."""
    case = TestCase("yours", arguments, 1, Visibility.SAMPLE, None)
    alone = replace(problem, tests=(case,), probes=())
    try:
        expected = reference_answer(alone, case, sandbox)
    except GraderError:
        log.warning("the reference of %s failed on a typed input", problem.id, exc_info=True)
        raise InputError(REFERENCE_CANNOT) from None
    asked = Asked(reveal_hidden=True, with_flags=False)
    result = grade(alone, {case.name: expected}, submission, sandbox, asked)
    if not result.tests:
        return OwnRun(arguments, None, expected, result.compile_output)
    return OwnRun(arguments, result.tests[0], expected)
