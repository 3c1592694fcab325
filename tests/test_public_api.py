import tomllib
from pathlib import Path

import pytest

import grader


def test_public_api_is_all_that_is_exported_and_the_sandbox_part_is_documented() -> None:
    """`__all__` is the list (not a copy of it here): each name resolves lazily to where it
    lives, nothing else is reachable by the lazy lookup, and the README's "As a library"
    section shows how to get a sandbox."""
    exported = set(grader.__all__)
    assert exported == set(grader._HOME_OF) | {"__version__"}
    for name in exported:
        assert hasattr(grader, name), name
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    library = readme[readme.index("## As a library") :].split("\n## ", 1)[0]
    for name in ("open_sandbox", "SandboxOptions", "Sandbox", "SandboxUnavailable", "grade"):
        assert f"grader.{name}" in library, name


def test_version_matches_the_package_metadata() -> None:
    pyproject = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert grader.__version__ == pyproject["project"]["version"]


def test_every_public_name_resolves() -> None:
    for name in grader.__all__:
        assert getattr(grader, name) is not None, name


@pytest.mark.sandbox
def test_the_readmes_library_example_runs(capsys, monkeypatch) -> None:
    """Word for word, from the checkout's root: it grades the accepted example."""
    root = Path(__file__).parent.parent
    readme = (root / "README.md").read_text()
    library = readme[readme.index("## As a library") :]
    code = library.split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(root)
    exec(compile(code, "README.md", "exec"), {})
    verdict, score = capsys.readouterr().out.split()
    nqueens = grader.load_problem(root / "problems" / "nqueens")
    assert verdict == "AC" and float(score) == nqueens.max_score
