"""The three versions of the package format read (packages/versions.py, group_files.py):
2025-09's groups and scores, each version's spelling of the validators' arguments, an
output_validator/ folder used as the format says, and what grader cannot honour refused at
its file and line. Pure reading, no sandbox."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.errors import ProblemError
from grader.kinds import load_problem
from grader.packages.model import Group, Package, package_of

HERE = Path(__file__).parent


def _package(path: Path) -> Package:
    return package_of(load_problem(path))


def _groups(package: Package) -> dict[str, Group]:
    found: dict[str, Group] = {}

    def walk(group: Group) -> None:
        found[group.name] = group
        for item in group.items:
            if isinstance(item, Group):
                walk(item)

    walk(package.data)
    return found


def minimal_package(tmp_path: Path, version: str) -> Path:
    """A pass-fail package of `version`: a sample and a secret case, their answer 2."""
    folder = tmp_path / "minimal"
    for case in ("sample/1", "secret/1"):
        (folder / "data" / case).parent.mkdir(parents=True, exist_ok=True)
        (folder / "data" / f"{case}.in").write_text("1 1\n")
        (folder / "data" / f"{case}.ans").write_text("2\n")
    (folder / "problem.yaml").write_text(
        f"problem_format_version: {version}\nname: Minimal\nuuid: x\nlimits: {{time_limit: 1}}\n"
    )
    return folder


def _ratio(tmp_path: Path) -> Path:
    return Path(shutil.copytree(HERE / "ratio", tmp_path / "ratio"))


def test_a_2025_package_shares_each_group_s_maximum_among_its_cases() -> None:
    package = _package(HERE / "ratio")
    assert package.format_version == "2025-09" and package.scoring and package.custom_score
    groups = _groups(package)
    small, large = groups["secret/1-small"].config, groups["secret/2-large"].config
    # Pass-fail: every case is worth the group's 40, and the group scores the least of them.
    assert (small.accept_score, small.score_rule, small.on_reject) == (40, "min", "break")
    # Sum: 60 shared by its three cases, each run whatever the others did.
    assert (large.accept_score, large.score_rule, large.on_reject) == (20, "sum", "continue")
    assert large.require_pass == ("sample",)
    assert groups["sample"].config.accept_score == 0  # samples count for nothing
    assert package.max_score == 100
    assert [case.name for case in package.data.cases()][0] == "sample/1"
    assert all(not case.name.startswith(("invalid", "valid")) for case in package.data.cases())


def test_the_validator_s_arguments_reach_every_case_below_their_group() -> None:
    for case in _package(HERE / "ratio").data.cases():
        assert case.settings.output_validator_args == ("float_tolerance", "1e-6"), case.name


def test_a_case_s_own_yaml_gives_its_arguments_and_files(tmp_path: Path) -> None:
    ratio = _ratio(tmp_path)
    case = ratio / "data/secret/2-large/2"
    case.with_suffix(".yaml").write_text(
        "args: [--negative]\noutput_validator_args: [float_tolerance, '0.1']\n"
        "input_validator_args: {validate: [--signed]}\nhint: mind the sign\n"
    )
    (case.parent / "2.files").mkdir()
    (case.parent / "2.files" / "table.txt").write_text("1\n")
    found = {c.name: c for c in _package(ratio).data.cases()}["secret/2-large/2"]
    assert found.settings.args == ("--negative",)
    assert found.settings.output_validator_args == ("float_tolerance", "0.1")
    assert found.settings.input_args("validate") == ("--signed",)
    assert found.settings.input_args("another") == ()
    assert found.settings.hint == "mind the sign"
    assert found.files == case.parent / "2.files"


def test_a_2023_group_spells_its_arguments_either_way(tmp_path: Path) -> None:
    shout = Path(shutil.copytree(HERE / "shout", tmp_path / "shout"))
    (shout / "data/secret/strict/testdata.yaml").write_text(
        "output_validator_args: [case_sensitive]\ninput_validator_args: '--strict'\n"
    )
    strict = _groups(_package(shout))["secret/strict"].config.case
    assert strict.output_validator_args == ("case_sensitive",)
    assert strict.input_validator_args == ("--strict",)


def test_a_2023_scoring_map_sets_the_group_s_score_and_aggregation(tmp_path: Path) -> None:
    bigsum = Path(shutil.copytree(HERE / "bigsum", tmp_path / "bigsum"))
    (bigsum / "data/secret/group1/testdata.yaml").write_text(
        "scoring:\n  score: 25\n  aggregation: min\n  max_score: 25\n"
    )
    group = _groups(_package(bigsum))["secret/group1"].config
    assert (group.accept_score, group.score_rule, group.score_range[1]) == (25, "min", 25)


@pytest.mark.parametrize("version", ["2023-07", "2025-09"])
def test_an_output_validator_folder_is_the_validator_without_validation_custom(
    tmp_path: Path, version: str
) -> None:
    folder = minimal_package(tmp_path, version)
    assert _package(folder).output_validator is None
    (folder / "output_validator").mkdir()
    (folder / "output_validator" / "accept.py").write_text("import sys\nsys.exit(42)\n")
    assert _package(folder).output_validator == folder / "output_validator"


def test_a_legacy_output_validators_folder_needs_validation_custom(tmp_path: Path) -> None:
    shutil.copytree(HERE / "anypair", tmp_path / "anypair")
    problem_yaml = tmp_path / "anypair/problem.yaml"
    problem_yaml.write_text(problem_yaml.read_text().replace("validation: custom\n", ""))
    assert _package(tmp_path / "anypair").output_validator is None


def test_languages_and_included_files_are_read() -> None:
    package = _package(HERE / "ratio")
    assert package.languages == ()
    assert [name for name, _ in package.included_for("python3")] == ["ratio_io.py"]
    assert package.included_for("cpp") == ()


@pytest.mark.parametrize(
    ("file", "text", "said"),
    [
        ("problem.yaml", "validation: custom\n", "problem.yaml:14: validation: unknown key"),
        ("problem.yaml", "validator_flags: case_sensitive\n", "validator_flags: unknown key"),
        ("problem.yaml", "constants:\n  n: 5\n", "problem.yaml:14: constants: grader does not"),
        ("problem.yaml", "allow_file_writing: true\n", "allow_file_writing: grader runs"),
        ("problem.yaml", "languages: [kotlin]\n", "languages: none of kotlin"),
        ("problem.yaml", "embargo_until: 2030-01-01\n", None),
        ("data/secret/1-small/test_group.yaml", "max_score: unbounded\n", "an unbounded"),
        ("data/secret/1-small/test_group.yaml", "score_aggregation: sum\n", "give the group a"),
        (
            "data/secret/1-small/test_group.yaml",
            "max_score: 40\nrequire_pass: secret/2-large\n",
            "require_pass: 'secret/2-large': expected sample or a group before",
        ),
        (
            "data/secret/1-small/test_group.yaml",
            "max_score: 40\nfull_feedback: true\n",
            "full_feedback: grader never shows a secret test",
        ),
        (
            "data/secret/1-small/test_group.yaml",
            "max_score: 40\nstatic_validation_score: 5\n",
            "static validation",
        ),
        (
            "data/secret/1-small/testdata.yaml",
            "grader_flags: min\n",
            "testdata.yaml: the 2025-09 format reads test_group.yaml here, not testdata.yaml",
        ),
        ("data/sample/test_group.yaml", "max_score: 5\n", "not permitted in data/sample"),
        ("data/secret/1-small/1.yaml", "hint: [a, list]\n", "1.yaml:1: hint: expected a string"),
        ("data/secret/1-small/1.yaml", "points: 5\n", "1.yaml:1: points: unknown key"),
    ],
)
def test_what_grader_cannot_honour_is_refused_at_its_line(
    tmp_path: Path, file: str, text: str, said: str | None
) -> None:
    ratio = _ratio(tmp_path)
    target = ratio / file
    target.write_text((target.read_text() if file == "problem.yaml" else "") + text)
    if said is None:  # the case that shows the others' texts are refused for what they say
        assert load_problem(ratio).id == "ratio"
        return
    with pytest.raises(ProblemError, match=said.replace(".", r"\.").replace("[", r"\[")):
        load_problem(ratio)


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (
            "  memory: 256\n",
            "  memory: 256\n  compilation_memory: 9000\n",
            "compilation_memory: grader builds programs in 2048",
        ),
        ("type: scoring\n", "", "max_score is for scoring problems"),
        ("2025-09", "2031-01", "problem.yaml:5: problem_format_version: expected"),
    ],
    ids=["build memory", "scores of a pass-fail problem", "unknown version"],
)
def test_a_problem_yaml_grader_cannot_honour_is_refused(
    tmp_path: Path, old: str, new: str, said: str
) -> None:
    ratio = _ratio(tmp_path)
    yaml = ratio / "problem.yaml"
    yaml.write_text(yaml.read_text().replace(old, new))
    with pytest.raises(ProblemError, match=said.replace(".", r"\.")):
        load_problem(ratio)


def test_a_static_validator_is_refused(tmp_path: Path) -> None:
    ratio = _ratio(tmp_path)
    (ratio / "static_validator").mkdir()
    with pytest.raises(ProblemError, match="static_validator/: judging a submission's source"):
        load_problem(ratio)


def test_data_to_be_generated_is_refused_with_what_to_do(tmp_path: Path) -> None:
    ratio = _ratio(tmp_path)
    shutil.rmtree(ratio / "data")
    (ratio / "generators").mkdir()
    (ratio / "generators/generators.yaml").write_text("data:\n  sample: {}\n")
    with pytest.raises(ProblemError, match="generators.yaml, which grader does not run"):
        load_problem(ratio)


def test_a_folder_inside_a_case_s_files_is_refused(tmp_path: Path) -> None:
    ratio = _ratio(tmp_path)
    (ratio / "data/secret/1-small/1.files/deeper").mkdir(parents=True)
    with pytest.raises(ProblemError, match="1.files/deeper: a folder here is not supported"):
        load_problem(ratio)


def test_another_version_s_settings_file_that_says_nothing_is_no_mistake(tmp_path: Path) -> None:
    ratio = _ratio(tmp_path)
    (ratio / "data/secret/testdata.yaml").write_text("# scoring:\n#   score: 1\n")
    assert _package(ratio).format_version == "2025-09"


def test_a_folder_that_names_its_format_version_is_a_package_even_without_data(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "skeleton"
    folder.mkdir()
    (folder / "problem.yaml").write_text("problem_format_version: 2025-09\nname: S\nuuid: x\n")
    with pytest.raises(ProblemError, match="no test data"):
        load_problem(folder)
