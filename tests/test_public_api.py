import tomllib
from pathlib import Path

import grader


def test_public_api_is_exactly_what_is_documented() -> None:
    assert set(grader.__all__) == {
        "GraderError",
        "InternalError",
        "Limits",
        "Problem",
        "ProblemError",
        "Report",
        "SandboxError",
        "SandboxInfo",
        "Submission",
        "SubmissionResult",
        "TestCase",
        "TestResult",
        "UsageError",
        "Verdict",
        "Visibility",
        "__version__",
        "find_problem",
        "grade",
        "load_answers",
        "load_problem",
        "read_submission",
    }
    for name in grader.__all__:
        assert hasattr(grader, name)


def test_version_matches_the_package_metadata() -> None:
    pyproject = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert grader.__version__ == pyproject["project"]["version"]


def test_every_public_name_resolves() -> None:
    for name in grader.__all__:
        assert getattr(grader, name) is not None, name
