"""`grader gradescope build`: the zip Gradescope takes. At its root `setup.sh` and
`run_autograder`; beside them the problem, its stored answers and references (laid out as in
the checkout, so problem.yaml's paths still hold), a wheel of grader, wheels of PyYAML for
the Pythons Gradescope's images have, and the choice of languages."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ...__version__ import __version__
from ...errors import UsageError
from ...kinds import kind_of, languages_of, load_answers, spoken
from ...problem import Problem
from .scripts import CONFIG_FILE, WHEELS, run_script, setup_script

# Gradescope's Ubuntu 22.04 and 24.04 images, and a Python setup.sh may install (3.11).
PYYAML_PYTHONS: Final = ("3.11", "3.12", "3.13")
PYYAML_PLATFORM: Final = "manylinux2014_x86_64"
EXECUTABLE: Final = 0o100755 << 16  # a zip entry's Unix mode, in its external attributes
PLAIN: Final = 0o100644 << 16


@dataclass(frozen=True, slots=True)
class Built:
    """What went into the zip."""

    output: Path
    languages: tuple[str, ...]
    files: int  # the zip's entries, every one
    # Why no PyYAML wheel went in (setup.sh then takes it from PyPI); "" when they did.
    download_failure: str = ""


def build(problem: Problem, languages: Iterable[str], output: Path) -> Built:
    chosen = tuple(dict.fromkeys(languages))
    offered = languages_of(problem)
    for language in chosen:
        if language not in offered:
            raise UsageError(
                f"{problem.yaml_file}: problem {problem.id} takes no {language!r} "
                f"(it takes {', '.join(offered)})"
            )
    unportable = kind_of(problem).unportable(problem)
    if unportable:
        raise UsageError(unportable)
    load_answers(problem)  # every test's answer stored and current, or say how to make them
    directory = problem.directory.resolve()
    files = sorted({path.resolve() for path in kind_of(problem).portable_files(problem)})
    root = Path(os.path.commonpath([directory, *(path.parent for path in files)]))
    config = {
        "problem": directory.relative_to(root).as_posix(),
        "languages": list(chosen),
        "extensions": {
            suffix: language
            for language in chosen
            for suffix in spoken(problem, language).extensions
        },
        "grader": __version__,
    }
    with tempfile.TemporaryDirectory(prefix="grader-gradescope-") as scratch:
        wheels = Path(scratch, WHEELS)
        _grader_wheel(Path(scratch), wheels)
        failure = _pyyaml_wheels(wheels)
        temporary = output.with_name(f".{output.name}.partial")
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
            packages = [p for language in chosen for p in spoken(problem, language).packages]
            _add(
                archive, "setup.sh", setup_script(problem.id, chosen, packages).encode(), EXECUTABLE
            )
            _add(archive, "run_autograder", run_script().encode(), EXECUTABLE)
            _add(archive, CONFIG_FILE, json.dumps(config, indent=2).encode() + b"\n", PLAIN)
            for path in files:
                _add(archive, path.relative_to(root).as_posix(), path.read_bytes(), PLAIN)
            for wheel in sorted(wheels.iterdir()):
                _add(archive, f"{WHEELS}/{wheel.name}", wheel.read_bytes(), PLAIN)
            entries = len(archive.namelist())
        temporary.replace(output)
    return Built(output, chosen, entries, failure)


def _add(archive: zipfile.ZipFile, name: str, content: bytes, mode: int) -> None:
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))  # the same zip every time
    info.external_attr = mode
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, content)


def _grader_wheel(scratch: Path, wheels: Path) -> None:
    """A wheel of this grader, built from a copy of its checkout (an in-tree build would
    leave build/ and egg-info behind)."""
    checkout = Path(__file__).resolve().parents[3]
    if not (checkout / "pyproject.toml").is_file():
        raise UsageError(
            "grader gradescope build needs grader's checkout (its pyproject.toml makes the "
            f"wheel); none at {checkout}"
        )
    copy = scratch / "source"
    ignored = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(checkout / "grader", copy / "grader", ignore=ignored)
    shutil.copytree(checkout / "bin", copy / "bin")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(checkout / name, copy / name)
    # Without build isolation where setuptools and wheel are at hand: no download.
    isolation = ["--no-build-isolation"] if _can_build_wheels() else []
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check"]
    command += ["--no-deps", *isolation, "--wheel-dir", str(wheels), str(copy)]
    made = subprocess.run(command, capture_output=True, text=True, check=False)
    if made.returncode != 0:
        raise UsageError(f"pip could not build grader's wheel: {made.stderr.strip()[-800:]}")


def _can_build_wheels() -> bool:
    import importlib.util

    return all(importlib.util.find_spec(name) is not None for name in ("setuptools", "wheel"))


def _pyyaml_wheels(wheels: Path) -> str:
    """PyYAML for each Python Gradescope may run, so setup.sh needs no network for it; why
    not, when pip could not fetch them ("" when it did)."""
    for version in PYYAML_PYTHONS:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
        command += ["--disable-pip-version-check", "--only-binary=:all:", "--implementation"]
        command += ["cp", "--python-version", version, "--platform", PYYAML_PLATFORM]
        command += ["--dest", str(wheels), "pyyaml>=6"]
        fetched = subprocess.run(command, capture_output=True, text=True, check=False)
        if fetched.returncode != 0:
            said = fetched.stderr.strip().splitlines()
            return said[-1] if said else f"pip exited with status {fetched.returncode}"
    return ""
