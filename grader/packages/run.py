"""One submission's run through a problem package: its program on each test's input (its
stdin) in the sandbox, its output judged by the package's validator, the groups summed up by
the format's default grader (groups.py). Interactive problems override `execute`
(interactive.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from ..judge.calls import test_result
from ..judge.failures import Finding, failure
from ..plain.run import run_built
from ..problem import Problem
from ..results import GroupScore, TestResult
from ..sandbox.base import Program, RunOutcome, Sandbox, Termination
from ..verdicts import Verdict
from .groups import group_result
from .model import DataCase, Group, GroupConfig, Package, group_max
from .validation import Judged, OutputValidator

SHOWN_OUTPUT_BYTES: Final = 4096  # of what a sample's run printed, in its result


@dataclass(frozen=True, slots=True)
class PackageRun:
    """One submission's program and what judges it, for every test of the package."""

    problem: Problem
    package: Package
    sandbox: Sandbox
    program: Program
    validator: OutputValidator
    reveal_hidden: bool
    on_test: Callable[[TestResult], None]

    def group(
        self, group: Group, decided: list[TestResult], scored: list[GroupScore]
    ) -> tuple[Verdict, float]:
        """The group's verdict and score; each test run is added to `decided`, each group
        below it that ran (of a scoring problem) to `scored`."""
        children: list[tuple[Verdict, float]] = []
        for item in group.items:
            if isinstance(item, Group):
                if not item.cases():
                    continue
                unmet = _unmet(item.config.require_pass, scored)
                # A group whose required group failed is not run: it scores nothing and
                # takes that group's verdict (the format: "treated as not accepted").
                child = (unmet, 0.0) if unmet else self.group(item, decided, scored)
                if self.package.scoring:
                    scored.append(GroupScore(item.name, child[0], child[1], group_max(item)))
            else:
                result, score = self.case(item, group.config)
                decided.append(result)
                self.on_test(result)
                child = (result.verdict, score)
            children.append(child)
            if child[0] is not Verdict.AC and group.config.on_reject == "break":
                break
        return group_result(group.config, children)

    def case(self, case: DataCase, config: GroupConfig) -> tuple[TestResult, float]:
        test = next(test for test in self.problem.tests if test.name == case.name)
        words = (*self.package.validator_flags.split(), *case.settings.output_validator_args)
        flags = " ".join(words)
        outcome, judged, finding = self.execute(case, flags)
        finding = _with_author_words(finding, case)
        shown = replace(
            outcome,
            stdout=outcome.stdout[:SHOWN_OUTPUT_BYTES],
            stderr=outcome.stderr[:SHOWN_OUTPUT_BYTES],
        )
        result = test_result(test, finding, shown, self.reveal_hidden)
        accepted = finding.verdict is Verdict.AC
        score = config.accept_score if accepted else config.reject_score
        if judged is not None and accepted and self.package.custom_score:
            if judged.score is not None:
                score = judged.score
            elif judged.score_multiplier is not None:
                score = judged.score_multiplier * config.accept_score
        if self.package.scoring:
            result = replace(result, score=score, max_score=config.accept_score)
        return result, score

    def execute(self, case: DataCase, flags: str) -> tuple[RunOutcome, Judged | None, Finding]:
        """The program run on the case's input, its output validated if it ran well."""
        # A run the machine starved is run again by the sandbox itself (run_build).
        outcome = run_built(
            self.sandbox,
            with_case(self.program, case),
            case.input.read_bytes(),
            self.problem.limits,
        )
        failed = self.failed(outcome)
        if failed is not None:
            return outcome, None, failed
        judged = self.validator.judge(self.sandbox, case, outcome.stdout, flags)
        return outcome, judged, self.found(judged)

    def failed(self, outcome: RunOutcome) -> Finding | None:
        """What went wrong with the program's run, or None: it ended well, in time."""
        if outcome.termination is Termination.EXITED and outcome.cpu_s > self.problem.limits.time_s:
            outcome = replace(outcome, termination=Termination.CPU_LIMIT)
        if outcome.termination is Termination.EXITED and outcome.exit_code == 0:
            return None
        if outcome.termination is Termination.EXITED:
            said = f"the program exited with code {outcome.exit_code}"
            return Finding(Verdict.RTE, f"{said} (a program that succeeds exits with 0)", said)
        return failure(outcome, self.problem)

    def found(self, judged: Judged) -> Finding:
        """The validator's word as a finding: its team message for the student, its judge
        message (or why it failed) for the instructor alone."""
        note = judged.judge_message if self.validator.program is not None else ""
        if judged.verdict is Verdict.IE:
            return Finding(Verdict.IE, judged.team_message, judged.team_message, note=note)
        if judged.verdict is Verdict.AC:
            return Finding(Verdict.AC, judged.team_message or "correct", note=note)
        message = judged.team_message or "wrong answer"
        if self.validator.program is None:  # the default validator's words are for both
            message = judged.team_message
        note = "" if note == message else note
        return Finding(Verdict.WA, message, "the output is not accepted", note=note)


def with_case(program: Program, case: DataCase) -> Program:
    """The program as the case runs it: with the case's arguments, and the files of its
    `.files` folder beside it (over a file of the same name: the format's order)."""
    if not case.settings.args and case.files is None:
        return program
    given = {}
    if case.files is not None:  # flat: the reader refuses a folder in it
        given = {path.name: path.read_bytes() for path in sorted(case.files.iterdir())}
    kept = tuple((name, data) for name, data in program.files if name not in given)
    return replace(program.with_arguments(case.settings.args), files=(*kept, *given.items()))


def _unmet(required: tuple[str, ...], scored: list[GroupScore]) -> Verdict | None:
    """The verdict of the first required group not accepted, or None: all were."""
    verdicts = {group.name: group.verdict for group in scored}
    for name in required:
        if verdicts.get(name, Verdict.AC) is not Verdict.AC:
            return verdicts[name]
    return None


def _with_author_words(finding: Finding, case: DataCase) -> Finding:
    """The author's hint and description of a failed case for the instructor's eyes (a
    hint may give away a secret case's input); a sample's hint for the student too."""
    said = case.settings
    if finding.verdict is Verdict.AC or not (said.hint or said.description):
        return finding
    words = " ".join(
        part for part in (said.description, f"hint: {said.hint}" if said.hint else "") if part
    )
    hint = said.hint if case.sample else finding.hint
    return replace(finding, hint=hint, note=" ".join(filter(None, (finding.note, words))))
