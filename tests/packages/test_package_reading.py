"""Problem packages read (packages/reader.py, testdata.py) and their groups summed up
(packages/groups.py): pure, no sandbox."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from grader.errors import ProblemError
from grader.kinds import load_problem
from grader.packages.groups import group_result
from grader.packages.model import Group, GroupConfig, package_of
from grader.packages.reader import is_package
from grader.verdicts import Verdict

HERE = Path(__file__).parent
PROBLEMS = HERE.parent.parent / "problems"


def test_a_legacy_package_reads_with_its_flags_and_no_time_limit() -> None:
    problem = load_problem(HERE / "average")
    package = package_of(problem)
    assert package is not None
    assert (problem.id, problem.title, problem.kind) == ("average", "Average", "package")
    assert package_of(problem).output_validator is None  # the format's default validator
    assert package.validator_flags == "float_tolerance 1e-6"
    assert package.limits.time_limit_s is None
    assert (package.limits.ac_to_time_limit, package.limits.time_limit_to_tle) == (5.0, 2.0)
    assert package.limits.memory_mib == problem.limits.memory_mib == 256
    assert [t.name for t in problem.tests] == [
        "sample/1",
        "secret/1-one",
        "secret/2-large",
        "secret/3-half",
    ]
    assert problem.tests[0].input == {"stdin": "3\n1 2 4\n"} and not problem.tests[0].hidden
    assert problem.tests[1].hidden and problem.tests[1].shown_name == "hidden 1"
    assert [path.name for path in package.input_validators] == ["validate.py"]
    assert problem.statement.name == "problem.en.md"


def test_a_2023_package_reads_its_time_limit_types_and_group_flags() -> None:
    shout = package_of(load_problem(HERE / "shout"))
    assert shout is not None and shout.limits.time_limit_s == 2
    assert (shout.limits.ac_to_time_limit, shout.limits.time_limit_to_tle) == (2.0, 1.5)
    secret = shout.data.items[1]
    assert isinstance(secret, Group)
    group = next(item for item in secret.items if isinstance(item, Group))
    assert group.name == "secret/strict"
    assert group.config.case.output_validator_args == ("case_sensitive", "space_change_sensitive")
    guessing = load_problem(HERE / "guessing")
    assert package_of(guessing).interactive
    assert package_of(guessing).output_validator == HERE / "guessing" / "output_validator"


def test_a_scoring_package_inherits_group_settings_and_sums_its_maximum() -> None:
    problem = load_problem(HERE / "bigsum")
    package = package_of(problem)
    assert package is not None and package.scoring
    secret = package.data.items[1]
    assert isinstance(secret, Group)
    group1 = secret.items[0]
    assert isinstance(group1, Group)
    assert group1.config.accept_score == 30
    assert group1.config.grader_flags == ("min",)
    assert group1.config.on_reject == "break"
    assert secret.config.on_reject == "continue"  # its own, not the root's
    assert group1.config.score_range == (0, 30)
    assert problem.max_score == 100


def test_the_time_limit_a_judge_left_is_read(tmp_path: Path) -> None:
    shutil.copytree(HERE / "average", tmp_path / "average")
    (tmp_path / "average" / ".timelimit").write_text("3\n")
    problem = load_problem(tmp_path / "average")
    assert package_of(problem).limits.time_limit_s == 3
    assert problem.limits.time_s == 3


def test_grader_s_own_problems_are_not_packages() -> None:
    assert not is_package(PROBLEMS / "nqueens")
    assert is_package(HERE / "average")


@pytest.mark.parametrize(
    ("file", "text", "said"),
    [
        ("problem.yaml", "name: A\nlimts:\n  memory: 5\n", "problem.yaml:2: limts: unknown key"),
        ("problem.yaml", "name: A\nlimits:\n  memory: -5\n", "problem.yaml:3: limits.memory"),
        ("problem.yaml", "name: A\nvalidation: clever\n", "problem.yaml:2: validation"),
        ("problem.yaml", "name: A\ntype: multi-pass\n", "multi-pass problems are not supported"),
        ("data/testdata.yaml", "grader_flags: sum best\n", "testdata.yaml:1: grader_flags"),
        ("data/testdata.yaml", "range: 0\n", "testdata.yaml:1: range"),
        ("data/testdata.yaml", "on_reject: skip\n", "testdata.yaml:1: on_reject"),
    ],
)
def test_a_mistake_names_its_file_and_line(tmp_path: Path, file: str, text: str, said: str) -> None:
    shutil.copytree(HERE / "average", tmp_path / "average")
    (tmp_path / "average" / file).write_text(text)
    with pytest.raises(ProblemError, match=said.replace(".", r"\.")):
        load_problem(tmp_path / "average")


def test_a_package_without_test_data_is_refused(tmp_path: Path) -> None:
    (tmp_path / "empty" / "data" / "secret").mkdir(parents=True)
    (tmp_path / "empty" / "problem.yaml").write_text("name: Empty\n")
    with pytest.raises(ProblemError, match="no test data"):
        load_problem(tmp_path / "empty")


def test_a_custom_validation_needs_its_validator(tmp_path: Path) -> None:
    shutil.copytree(HERE / "anypair", tmp_path / "anypair")
    shutil.rmtree(tmp_path / "anypair" / "output_validators")
    with pytest.raises(ProblemError, match="a custom validator is asked for"):
        load_problem(tmp_path / "anypair")


AC, WA, TLE, RTE, IE = Verdict.AC, Verdict.WA, Verdict.TLE, Verdict.RTE, Verdict.IE


@pytest.mark.parametrize(
    ("flags", "children", "expected"),
    [
        ((), [(AC, 1), (WA, 0), (TLE, 0)], (TLE, 1)),  # worst_error, sum
        (("first_error",), [(AC, 1), (WA, 0), (TLE, 0)], (WA, 1)),
        (("min",), [(AC, 30), (AC, 30), (WA, 0)], (WA, 0)),
        (("max",), [(AC, 30), (WA, 0)], (WA, 30)),
        (("avg",), [(AC, 30), (WA, 0)], (WA, 15)),
        (("always_accept",), [(RTE, 0)], (AC, 0)),
        (("accept_if_any_accepted",), [(WA, 0), (AC, 50)], (AC, 50)),
        (("ignore_sample",), [(WA, 0), (AC, 70)], (AC, 70)),
        (("always_accept",), [(AC, 1), (IE, 0)], (IE, 0)),  # a judge error is never hidden
        ((), [], (AC, 0)),
    ],
)
def test_a_group_is_summed_up_as_the_default_grader_does(
    flags: tuple[str, ...], children: list[tuple[Verdict, float]], expected: tuple[Verdict, float]
) -> None:
    verdict, score = group_result(GroupConfig(grader_flags=flags), children)
    assert (verdict, score) == expected


def test_the_default_range_is_unbounded() -> None:
    assert GroupConfig().score_range == (-math.inf, math.inf)
