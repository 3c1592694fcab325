"""The versions of the ICPC package format grader reads, each one value: how its
problem.yaml, its groups' settings files and its cases' own files are spelled, where its
output validator is, and its defaults. The reader and the test data walk ask the version;
none of them asks which version it is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..yamlsource import Document
from .group_files import group_2023, legacy_group
from .model import CaseSettings, GroupConfig
from .test_group import default_2025, group_2025, read_case_2025

COMMON_KEYS: Final = frozenset(
    {
        "problem_format_version",
        "type",
        "name",
        "uuid",
        "version",
        "author",
        "source",
        "source_url",
        "license",
        "rights_owner",
        "credits",
        "keywords",
        "languages",
        "limits",
        "embargo_until",
        "allow_file_writing",
        "constants",
    }
)
# Dropped in 2025-09: `validation` (the type says interactive; output_validator/ is used when
# it is there) and `validator_flags` (each group's output_validator_args).
OLDER_KEYS: Final = COMMON_KEYS | {"validation", "validator_flags", "grading"}

GroupReader = Callable[[Document, GroupConfig, str, bool], GroupConfig]


@dataclass(frozen=True, slots=True)
class FormatVersion:
    name: str  # as results and messages say it
    spellings: frozenset[str]  # what problem_format_version may say for it
    problem_keys: frozenset[str]
    group_file: str  # a group's settings file
    # (its file, what it inherits, its name under data/, a scoring problem?) -> its settings
    read_group: GroupReader
    # What a group is before its settings file: (its name, its parent's, scoring?).
    default_group: Callable[[str, GroupConfig, bool], GroupConfig]
    # A case's own `NAME.yaml` over its group's settings; None: the version has none.
    read_case: Callable[[Document, GroupConfig], CaseSettings] | None
    # An output_validator/ folder is the validator without `validation: custom`.
    validator_by_folder: bool
    # ac_to_time_limit and time_limit_to_tle, and where problem.yaml gives them.
    time_multipliers: tuple[float, float]
    legacy_limits: bool  # `time_multiplier`/`time_safety_margin`, not `time_multipliers:`
    # A sum group's maximum is shared among its cases (2025-09); else each case scores its
    # group's accept_score.
    shares_max_score: bool


def _inherit(name: str, parent: GroupConfig, scoring: bool) -> GroupConfig:
    return parent


LEGACY: Final = FormatVersion(
    name="legacy",
    spellings=frozenset({"legacy", "legacy-icpc"}),
    problem_keys=OLDER_KEYS,
    group_file="testdata.yaml",
    read_group=legacy_group,
    default_group=_inherit,
    read_case=None,
    validator_by_folder=False,
    time_multipliers=(5.0, 2.0),  # problemtools' for the legacy format
    legacy_limits=True,
    shares_max_score=False,
)
V2023_07: Final = FormatVersion(
    name="2023-07",
    spellings=frozenset({"2023-07", "2023-07-draft"}),
    problem_keys=OLDER_KEYS,
    group_file="testdata.yaml",
    read_group=group_2023,
    default_group=_inherit,
    read_case=None,
    validator_by_folder=True,
    time_multipliers=(2.0, 1.5),
    legacy_limits=False,
    shares_max_score=False,
)
V2025_09: Final = FormatVersion(
    name="2025-09",
    spellings=frozenset({"2025-09", "2025-09-draft", "draft"}),
    problem_keys=COMMON_KEYS,
    group_file="test_group.yaml",
    read_group=group_2025,
    default_group=default_2025,
    read_case=read_case_2025,
    validator_by_folder=True,
    time_multipliers=(2.0, 1.5),
    legacy_limits=False,
    shares_max_score=True,
)
VERSIONS: Final = (LEGACY, V2023_07, V2025_09)


def version_named(said: str) -> FormatVersion | None:
    """The version problem.yaml's `problem_format_version` names, or None."""
    return next((version for version in VERSIONS if said in version.spellings), None)
