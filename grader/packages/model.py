"""A problem package in the ICPC format (Kattis problemtools, DOMjudge, the World Finals) as
the judge sees it: frozen values read by packages/reader.py and packages/testdata.py. The
three versions of the format (packages/versions.py) are read into the one model below: the
legacy one (`validation:`, `output_validators/`, `problem_statement/`), 2023-07 (`type:`,
`output_validator/`, `statement/`) and 2025-09 (`test_group.yaml`, `max_score`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..errors import InternalError
from ..problem import Problem

# The default grader's aggregations (problemtools' support/default_grader): how a group's
# verdict and score come from its children's.
VERDICT_RULES: Final = ("worst_error", "no_errors", "first_error", "always_accept")
SCORE_RULES: Final = ("sum", "avg", "max", "min")
GRADER_FLAGS: Final = frozenset(
    (*VERDICT_RULES, *SCORE_RULES, "ignore_sample", "accept_if_any_accepted")
)


@dataclass(frozen=True, slots=True)
class CaseSettings:
    """How one case is run and validated: the arguments the format lets a package give."""

    args: tuple[str, ...] = ()  # the submission's command-line arguments (2025-09)
    output_validator_args: tuple[str, ...] = ()
    input_validator_args: tuple[str, ...] = ()  # to every input validator not named below
    input_validator_args_by_name: tuple[tuple[str, tuple[str, ...]], ...] = ()
    hint: str = ""  # the author's advice to whoever fails it (2025-09)
    description: str = ""  # what the case is for (2025-09)

    def input_args(self, validator: str) -> tuple[str, ...]:
        """The arguments input validator `validator` (its name) gets on this case."""
        if not self.input_validator_args_by_name:
            return self.input_validator_args
        return dict(self.input_validator_args_by_name).get(validator, ())


@dataclass(frozen=True, slots=True)
class GroupConfig:
    """A test data group's `testdata.yaml`, its parent's where it says nothing, the format's
    defaults where no ancestor says."""

    on_reject: str = "break"  # break: stop at the first test not accepted; continue
    grader_flags: tuple[str, ...] = ()
    accept_score: float = 1.0
    reject_score: float = 0.0
    score_range: tuple[float, float] = (-math.inf, math.inf)
    # What its cases inherit (a 2025-09 case's own .yaml may say otherwise).
    case: CaseSettings = CaseSettings()
    # Groups (by name under data/) whose every case must be accepted before this one runs.
    require_pass: tuple[str, ...] = ()

    @property
    def verdict_rule(self) -> str:
        return next((f for f in reversed(self.grader_flags) if f in VERDICT_RULES), "worst_error")

    @property
    def score_rule(self) -> str:
        return next((f for f in reversed(self.grader_flags) if f in SCORE_RULES), "sum")


@dataclass(frozen=True, slots=True)
class DataCase:
    name: str  # its path under data/ without the extension: `secret/group1/01`
    input: Path
    answer: Path
    settings: CaseSettings = CaseSettings()
    files: Path | None = None  # its `.files` folder: copied beside the program (2025-09)

    @property
    def sample(self) -> bool:
        return self.name.startswith("sample/")


@dataclass(frozen=True, slots=True)
class Group:
    name: str  # its path under data/: "" for data/ itself, `secret/group1`
    config: GroupConfig
    items: tuple[Group | DataCase, ...]  # sorted by name, groups and cases alike (the format)

    def cases(self) -> tuple[DataCase, ...]:
        """Every test case in it and below, in the order they run."""
        found: list[DataCase] = []
        for item in self.items:
            found.extend(item.cases() if isinstance(item, Group) else (item,))
        return tuple(found)


@dataclass(frozen=True, slots=True)
class PackageLimits:
    time_limit_s: float | None  # given (`limits.time_limit` or a `.timelimit` file); None: computed
    ac_to_time_limit: float  # the slowest accepted submission's time, times this, is the limit
    time_limit_to_tle: float  # a time-limit submission must still fail at the limit times this
    time_resolution_s: float  # a computed limit is rounded up to a multiple of this
    memory_mib: int
    output_mib: int
    code_kib: int  # the most a submission's files may hold
    compilation_time_s: float
    validation_time_s: float
    validation_memory_mib: int
    validation_output_mib: int


@dataclass(frozen=True, slots=True)
class Package:
    directory: Path
    name: str
    format_version: str  # "legacy", "2023-07" or "2025-09" (versions.py)
    scoring: bool
    interactive: bool
    # The output validator's score.txt is a case's score (legacy `custom score`; 2025-09's
    # scoring problems, whose validator may also scale the case by score_multiplier.txt).
    custom_score: bool
    validator_flags: str  # for the output validator (problem.yaml's `validator_flags`)
    limits: PackageLimits
    data: Group
    output_validator: Path | None  # a program (a file, or a folder of files); None: the default
    input_validators: tuple[Path, ...]
    # Files given to every submission's build: by language code (the format's languages
    # table: `cpp`, `python3`), `default` for the others; each (name, content).
    included: tuple[tuple[str, tuple[tuple[str, bytes], ...]], ...] = ()
    languages: tuple[str, ...] = ()  # the language codes it takes; empty: every one

    def included_for(self, code: str) -> tuple[tuple[str, bytes], ...]:
        given = dict(self.included)
        return given.get(code, given.get("default", ()))

    @property
    def max_score(self) -> float:
        """The most a submission can score: the root group's as the default grader sums it
        up, within its range."""
        return group_max(self.data) if self.scoring else 1.0


def group_max(group: Group) -> float:
    """The score a group gets when every test in it is accepted."""
    config = group.config
    children = [
        group_max(item) if isinstance(item, Group) else config.accept_score for item in group.items
    ]
    if "ignore_sample" in config.grader_flags:
        children = children[-1:]
    best = aggregate_scores(config.score_rule, children)
    low, high = config.score_range
    return min(max(best, low), high)


def aggregate_scores(rule: str, scores: list[float]) -> float:
    if not scores:
        return 0.0
    if rule == "avg":
        return sum(scores) / len(scores)
    if rule == "max":
        return max(scores)
    if rule == "min":
        return min(scores)
    return sum(scores)


def package_of(problem: Problem) -> Package:
    """The package a problem of this kind was read from (InternalError for another kind's)."""
    if not isinstance(problem.details, Package):
        raise InternalError(f"{problem.id} is not a problem package")
    return problem.details
