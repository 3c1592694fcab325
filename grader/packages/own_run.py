"""Run on your own input, for a problem package: what the student types is the program's
standard input. The package's first accepted submission answers it too (built and run as
any submission, in the same sandbox), and its output is the judge's answer the package's
validator compares with: the student sees both outputs and the validator's word, as on a
sample. Not offered for an interactive problem, whose input is a conversation."""

from __future__ import annotations

import logging
import tempfile
from dataclasses import replace
from pathlib import Path

from ..errors import GraderError, InputError
from ..languages import contest_languages
from ..plain.run import run_built
from ..problem import Problem, TestCase, Visibility
from ..results import REFERENCE_CANNOT, OwnRun
from ..sandbox.base import Sandbox, Termination
from ..submission import Submission
from .contest import build_program, language_of, program_files
from .graded import graded
from .judge import with_included
from .model import CaseSettings, DataCase, Group, package_of
from .time_limit import accepted_submissions, with_time_limit

log = logging.getLogger("grader.service")


def run_own_stdin(problem: Problem, submission: Submission, typed: str, sandbox: Sandbox) -> OwnRun:
    """The submission and the package's reference, each run once on `typed`; InputError
    when the package cannot answer a typed input."""
    package = package_of(problem)
    if package.interactive:
        raise InputError(
            "an interactive problem's input is a conversation with its validator: submit to try it"
        )
    reference = next(iter(accepted_submissions(problem)), None)
    if reference is None:
        raise InputError("this package has no accepted submission to answer your input")
    stdin = typed if typed.endswith("\n") else typed + "\n"
    try:
        problem = with_time_limit(problem, sandbox)
        expected = _reference_output(problem, reference, stdin.encode(), sandbox)
    except GraderError:
        log.warning("the reference of %s failed on a typed input", problem.id, exc_info=True)
        raise InputError(REFERENCE_CANNOT) from None
    with tempfile.TemporaryDirectory(prefix="grader-own-") as folder:
        # Judged as the samples are: with their validator's arguments (a float tolerance).
        sample = next((case for case in package.data.cases() if case.sample), None)
        judged_as = CaseSettings(
            output_validator_args=sample.settings.output_validator_args if sample else ()
        )
        case = DataCase(
            "sample/yours", Path(folder) / "yours.in", Path(folder) / "yours.ans", judged_as
        )
        case.input.write_text(stdin, encoding="utf-8")
        case.answer.write_bytes(expected)
        test = TestCase("sample/yours", {"stdin": stdin}, 0, Visibility.SAMPLE, None)
        alone = replace(
            problem,
            tests=(test,),
            details=replace(package, data=Group("", package.data.config, (case,))),
        )
        result = graded(alone, submission, sandbox)
    shown = expected.decode("utf-8", "replace")
    if not result.tests:
        return OwnRun({"stdin": stdin}, None, shown, result.compile_output)
    return OwnRun(
        {"stdin": stdin}, replace(result.tests[0], returned=result.tests[0].output), shown
    )


def _reference_output(problem: Problem, path: Path, stdin: bytes, sandbox: Sandbox) -> bytes:
    package = package_of(problem)
    language = contest_languages()[language_of(path) or ""]
    built = build_program(
        sandbox,
        language,
        with_included(package, language, program_files(path)),
        package.limits.memory_mib,
        package.limits.compilation_time_s,
    )
    if built.program is None:
        log.warning("the reference %s of %s does not build here", path, problem.id)
        raise InputError(REFERENCE_CANNOT)
    ran = run_built(sandbox, built.program, stdin, problem.limits)
    if ran.termination is not Termination.EXITED or ran.exit_code != 0:
        log.warning(
            "the reference %s of %s failed on a typed input (%s, exit code %s)",
            path,
            problem.id,
            ran.termination,
            ran.exit_code,
        )
        raise InputError(REFERENCE_CANNOT)
    return ran.stdout
