"""The validators of a package proved, as part of `grader verify`: every input validator
accepts every graded `.in` (exit 42, with its case's arguments); and, where the package
gives the validators test data of their own (2025-09), every input in `invalid_input/` is
rejected by some input validator, every `.out` in `invalid_output/` rejected and every one in
`valid_output/` accepted by the output validator."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..errors import GraderError
from ..plain.run import run_built
from ..problem import Problem
from ..sandbox.base import Program, Sandbox, Termination
from ..verdicts import Verdict
from .contest import is_scripted, language_of
from .model import DataCase, package_of
from .testdata import validator_data
from .validation import build_helper, prepare_validator, validation_limits
from .versions import LEGACY, version_named

VALID: Final = 42


@dataclass(frozen=True, slots=True)
class InputValidator:
    path: Path
    program: Program

    def rejection(self, problem: Problem, sandbox: Sandbox, case: DataCase) -> str:
        """Why the validator rejects the case's input, or "": it accepts it."""
        settings = case.settings
        args = settings.input_args(self.path.name) or settings.input_args(self.path.stem)
        run = self.program.with_arguments(args)
        limits = validation_limits(package_of(problem))
        outcome = run_built(sandbox, run, case.input.read_bytes(), limits)
        if outcome.termination is Termination.EXITED and outcome.exit_code == VALID:
            return ""
        said = (outcome.stderr or outcome.stdout).decode("utf-8", "replace").strip()
        code = (
            outcome.exit_code if outcome.termination is Termination.EXITED else outcome.termination
        )
        why = f"rejected by {shown(self.path)} (exit {code}, not 42)"
        return why + (f": {said.splitlines()[0][:200]}" if said else "")


def check_validators(
    problem: Problem, sandbox: Sandbox, failures: list[str], warnings: list[str], jobs: int = 2
) -> None:
    package = package_of(problem)
    validators = _input_validators(problem, sandbox, failures, warnings)
    pairs = [(case, validator) for case in package.data.cases() for validator in validators]

    def rejection(pair: tuple[DataCase, InputValidator]) -> str:
        return pair[1].rejection(problem, sandbox, pair[0])

    with ThreadPoolExecutor(max_workers=jobs) as pool:  # said in the order of the data
        for (case, _), why in zip(pairs, pool.map(rejection, pairs), strict=True):
            if why:
                failures.append(f"data/{case.name}.in: {why}")
    version = version_named(package.format_version) or LEGACY
    own = validator_data(package.directory / "data", version, problem.shown_from)
    for case in own.get("invalid_input", ()):
        if validators and not any(v.rejection(problem, sandbox, case) for v in validators):
            failures.append(f"data/{case.name}.in: an invalid input every input validator accepts")
    outputs = [(case, Verdict.WA) for case in own.get("invalid_output", ())]
    outputs += [(case, Verdict.AC) for case in own.get("valid_output", ())]
    if not outputs:
        return
    try:
        output_validator = prepare_validator(problem, sandbox)
    except GraderError as error:
        failures.append(str(error))
        return
    for case, wanted in outputs:
        given = case.input.with_suffix(".out")
        if not given.is_file():
            failures.append(f"data/{case.name}: no {given.name} to validate")
            continue
        words = (*package.validator_flags.split(), *case.settings.output_validator_args)
        judged = output_validator.judge(sandbox, case, given.read_bytes(), " ".join(words))
        if judged.verdict is not wanted:
            said = "accepts" if judged.verdict is Verdict.AC else f"gives {judged.verdict.value} on"
            failures.append(f"data/{case.name}.out: the output validator {said} it")


def _input_validators(
    problem: Problem, sandbox: Sandbox, failures: list[str], warnings: list[str]
) -> list[InputValidator]:
    package = package_of(problem)
    if not package.input_validators:
        warnings.append("no input validators: nothing proves the test data follows the statement")
    built = []
    for path in package.input_validators:
        if language_of(path) is None and not is_scripted(path):
            warnings.append(f"{shown(path)}: not run (no language grader builds: {path.suffix})")
            continue
        try:
            built.append(InputValidator(path, build_helper(problem, sandbox, path)))
        except GraderError as error:
            failures.append(str(error))
    return built


def shown(path: Path) -> str:
    return "/".join(path.parts[-2:])
