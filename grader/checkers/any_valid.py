"""`set-of-any-valid`: a list of items, in any order, each one valid by the problem's own
validator (`validator:` in problem.yaml, a Python file of the instructor's beside it
defining `valid(args, item)`), none twice, as many as the references found. For problems
where many answers are right and a stored one cannot say which (any k placements of a kind,
any order of a search's results).

The validator is the instructor's code, not the student's: it runs in a Python process of
its own, isolated from the grader (`-I`), bounded in time; whatever goes wrong there (a
crash, a loop, an answer that is not a verdict) is an internal error naming the problem,
never the student's fault."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..errors import InternalError
from ..protocol import Value
from .base import CheckResult, InvalidAnswer
from .exact import plain_data, returned_list, shown

VALIDATOR_TIMEOUT_S: Final = 10.0
# Loads the validator file as a module and answers, for each item, "" (valid) or why not.
RUNNER: Final = """
import json, sys, importlib.util
spec = importlib.util.spec_from_file_location("validator", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
request = json.load(sys.stdin)
said = []
for item in request["items"]:
    verdict = module.valid(request["args"], item)
    said.append("" if verdict is True else (verdict or "not valid"))
json.dump(said, sys.stdout)
"""


@dataclass(frozen=True, slots=True)
class AnyValid:
    validator: Path | None = None
    problem: str = ""  # its problem.yaml, for an internal error's message

    @classmethod
    def for_problem(cls, validator: Path | None, yaml_file: str) -> AnyValid:
        return cls(validator, yaml_file)

    def check(self, args: Mapping[str, object], expected: object, actual: Value) -> CheckResult:
        got = returned_list(actual)
        if isinstance(got, CheckResult):
            return got
        assert isinstance(expected, list)
        keys = [json.dumps(item, sort_keys=True) for item in got]
        twice = next(
            (item for item, key in zip(got, keys, strict=True) if keys.count(key) > 1), None
        )
        if twice is not None:
            return CheckResult(
                False, f"{shown(twice)} is returned more than once", "an item returned twice"
            )
        reasons = self._validate(args, got)
        wrong = next(((item, why) for item, why in zip(got, reasons, strict=True) if why), None)
        if wrong is not None:
            return CheckResult(
                False, f"{shown(wrong[0])} is not valid: {wrong[1]}", "an item is not valid"
            )
        if len(got) < len(expected):
            return CheckResult(
                False,
                f"{len(got)} valid items, of {len(expected)}: {len(expected) - len(got)} "
                f"missing (one the references found: {shown(expected[0])})",
                "some items are missing",
            )
        if len(got) > len(expected):
            return CheckResult(
                False,
                f"{len(got)} items, where there are {len(expected)}",
                "more items than there are",
            )
        return CheckResult(True, f"all {len(expected)} valid")

    def canonical(self, args: Mapping[str, object], actual: Value) -> object:
        value = plain_data(actual)
        if not isinstance(value, list):
            raise InvalidAnswer(f"returned {shown(value)}, where a list was expected")
        return sorted(value, key=lambda item: json.dumps(item, sort_keys=True))

    def _validate(self, args: Mapping[str, object], items: list[object]) -> list[str]:
        if self.validator is None:
            raise InternalError(f"{self.problem}: set-of-any-valid needs `validator:`")
        request = json.dumps({"args": dict(args), "items": items})
        try:
            done = subprocess.run(
                [sys.executable, "-I", "-S", "-c", RUNNER, str(self.validator)],
                input=request,
                capture_output=True,
                text=True,
                timeout=VALIDATOR_TIMEOUT_S,
                check=False,
            )
            said = json.loads(done.stdout) if done.returncode == 0 else None
        except subprocess.TimeoutExpired:
            raise InternalError(
                f"{self.problem}: its validator took longer than {VALIDATOR_TIMEOUT_S:g} s"
            ) from None
        except ValueError:
            said = None
        if not isinstance(said, list) or len(said) != len(items):
            last = (done.stderr.strip().splitlines() or ["no verdict"])[-1]
            raise InternalError(f"{self.problem}: its validator failed: {last}")
        return [str(reason) for reason in said]
