"""A running service's problems follow the folder: a problem added, edited or removed is
served as it is now, without a restart; one an editor left half-saved keeps being served as it
was. Pure: problems are read, never graded."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from grader.errors import ProblemError
from grader.kinds.catalog import Catalog

from .conftest import PROBLEMS, ROOT


def _add(root: Path, problem_id: str) -> Path:
    """problems/<id> and its references, in the layout their relative paths expect."""
    shutil.copytree(PROBLEMS / problem_id, root / "problems" / problem_id)
    shutil.copytree(ROOT / "reference" / problem_id, root / "reference" / problem_id)
    return root / "problems" / problem_id


def test_a_problem_added_edited_or_removed_is_served_as_it_is_now(tmp_path, caplog) -> None:
    count = _add(tmp_path, "nqueens-count")
    catalog = Catalog((tmp_path / "problems",), recheck_s=0)
    assert [offered.problem.id for offered in catalog.all()] == ["nqueens-count"]
    first = catalog.get("nqueens-count")
    assert first is not None

    _add(tmp_path, "permutations")
    assert catalog.get("permutations") is not None  # no restart

    yaml_file = count / "problem.yaml"
    yaml_file.write_text(yaml_file.read_text().replace("title: ", "title: Counting ", 1))
    edited = catalog.get("nqueens-count")
    assert edited is not None and edited.problem.title.startswith("Counting ")
    assert edited.version != first.version

    yaml_file.write_text("id: nqueens-count\ntitle: [half saved\n")
    with caplog.at_level(logging.WARNING, logger="grader.catalog"):
        kept = catalog.get("nqueens-count")
    assert kept is edited  # served as it was
    assert "not reloaded" in caplog.text and "problem.yaml" in caplog.text

    shutil.rmtree(tmp_path / "problems" / "permutations")
    assert catalog.get("permutations") is None


def test_a_broken_problem_stops_the_start_and_a_rejudge_s_refresh(tmp_path) -> None:
    count = _add(tmp_path, "nqueens-count")
    catalog = Catalog((tmp_path / "problems",), recheck_s=3600)
    (count / "problem.yaml").write_text("id: nqueens-count\ntitle: [half saved\n")
    with pytest.raises(ProblemError):
        catalog.refresh()  # asked for: the instructor is told at its file:line
    with pytest.raises(ProblemError):
        Catalog((tmp_path / "problems",))


def test_between_rechecks_nothing_is_read_again(tmp_path) -> None:
    _add(tmp_path, "nqueens-count")
    catalog = Catalog((tmp_path / "problems",), recheck_s=3600)
    _add(tmp_path, "permutations")
    assert catalog.get("permutations") is None  # looked for at most every recheck_s
