"""A package's test data: data/sample and data/secret walked as the format says (groups are
folders, a case is a `.in` with its `.ans`, both sorted by name), each group's settings file
over its parent's as its version spells it (versions.py). The validators' own test data
(`invalid_input/`, `invalid_output/`, `valid_output/`) is not graded on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Final

from ..errors import ProblemError
from ..problem import shown_path
from ..yamlsource import load
from .model import DataCase, Group, GroupConfig
from .versions import VERSIONS, FormatVersion

GRADED: Final = ("sample", "secret")
# What proves the validators: inputs they must reject, outputs they must reject or accept.
VALIDATOR_DATA: Final = ("invalid_input", "invalid_output", "valid_output")


def read_data(
    data: Path,
    version: FormatVersion,
    scoring: bool,
    root: GroupConfig,
    shown_from: Path | None,
) -> Group:
    """data/ as its root group (over `root`, what problem.yaml says of it): its samples,
    then its secret cases."""
    return _Walk(data, version, scoring, shown_from).group(data, root)


def validator_data(
    data: Path, version: FormatVersion, shown_from: Path | None
) -> dict[str, tuple[DataCase, ...]]:
    """The validators' own test data, by folder (VALIDATOR_DATA): an invalid input has no
    answer; an output case has its `.out` beside its `.in` and `.ans`."""
    walk = _Walk(data, version, False, shown_from, answers_needed=False)
    return {
        name: walk.group(data / name, GroupConfig()).cases()
        for name in VALIDATOR_DATA
        if (data / name).is_dir()
    }


class _Walk:
    def __init__(
        self,
        data: Path,
        version: FormatVersion,
        scoring: bool,
        shown_from: Path | None,
        answers_needed: bool = True,
    ) -> None:
        self.data = data
        self.answers_needed = answers_needed
        self.version = version
        self.scoring = scoring
        self.shown_from = shown_from

    def group(self, folder: Path, inherited: GroupConfig) -> Group:
        """The group at `folder`, with every group below it."""
        name = folder.relative_to(self.data).as_posix() if folder != self.data else ""
        config = self.version.default_group(name, inherited, self.scoring)
        for other in {v.group_file for v in VERSIONS} - {self.version.group_file}:
            # Another version's settings that say something (not only comments) would be
            # left unread: refused, naming the file this version reads.
            said = folder / other
            if said.is_file() and load(said, shown_path(said, self.shown_from)).data is not None:
                raise ProblemError(
                    shown_path(said, self.shown_from),
                    None,
                    "",
                    f"the {self.version.name} format reads {self.version.group_file} here, "
                    f"not {other}",
                )
        settings = folder / self.version.group_file
        if settings.is_file():
            doc = load(settings, shown_path(settings, self.shown_from))
            config = self.version.read_group(doc, config, name, self.scoring)
        items: list[Group | DataCase] = []
        for path in sorted(folder.iterdir()):
            if path.is_dir() and path.suffix != ".files" and (name or path.name in GRADED):
                items.append(self.group(path, config))
            elif path.suffix == ".in" and name and self._answered(path):
                items.append(self.case(path, config))
        group = Group(name, config, tuple(items))
        if (
            self.version.shares_max_score
            and config is not inherited
            and "sum" in config.grader_flags
        ):
            return _shared(group, config, config.accept_score / max(1, len(group.cases())))
        return group

    def _answered(self, path: Path) -> bool:
        return not self.answers_needed or path.with_suffix(".ans").is_file()

    def case(self, path: Path, config: GroupConfig) -> DataCase:
        name = path.relative_to(self.data).with_suffix("").as_posix()
        answer = path.with_suffix(".ans")
        read_case = self.version.read_case
        if read_case is None:  # a version without a case's own files (legacy, 2023-07)
            return DataCase(name, path, answer, config.case)
        settings = config.case
        own = path.with_suffix(".yaml")
        if own.is_file():
            settings = read_case(load(own, shown_path(own, self.shown_from)), config)
        files = path.with_suffix(".files")
        if not files.is_dir():
            return DataCase(name, path, answer, settings)
        flat_folder(files, self.shown_from)
        return DataCase(name, path, answer, settings, files)


def _shared(group: Group, config: GroupConfig, each: float) -> Group:
    """`group` with each case under it that takes `config` scoring `each` when accepted."""
    items = tuple(
        _shared(item, config, each) if isinstance(item, Group) else item for item in group.items
    )
    own = replace(group.config, accept_score=each) if group.config is config else group.config
    return Group(group.name, own, items)


def flat_folder(folder: Path, shown_from: Path | None) -> None:
    """A folder of files for a program's working directory, which grader fills flat:
    ProblemError naming a folder inside it."""
    for path in folder.iterdir():
        if path.is_dir():
            raise ProblemError(
                shown_path(path, shown_from), None, "", "a folder here is not supported: flatten it"
            )
