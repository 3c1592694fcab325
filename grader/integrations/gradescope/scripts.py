"""The two scripts Gradescope runs, as the zip carries them: `setup.sh` once, as root, when
the autograder's image is built; `run_autograder` for every submission."""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from typing import Final

CONFIG_FILE: Final = "grader-gradescope.json"
VENV: Final = "/opt/grader"  # outside /autograder/source, which only root may enter
WHEELS: Final = "wheels"

_SETUP: Final = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image. Written by
# `grader gradescope build` for problem {problem} in {languages}.
set -euo pipefail
cd "$(dirname "$0")"
export DEBIAN_FRONTEND=noninteractive
new_enough() {{ "$1" -c 'import sys, ensurepip; sys.exit(sys.version_info < (3, 11))' \\
    2>/dev/null; }}
python=""
for candidate in python3 python3.13 python3.12 python3.11; do
    found=$(command -v "$candidate" || true)
    if [[ -n $found ]] && new_enough "$found"; then python=$found; break; fi
done
# Only what the chosen languages need; util-linux gives prlimit and setpriv.
missing=()
{checks}
command -v prlimit >/dev/null && command -v setpriv >/dev/null || missing+=(util-linux)
[[ -n $python ]] || missing+=(python3.11 python3.11-venv)
if (( ${{#missing[@]}} )); then
    apt-get update -qq
    apt-get install -y -qq "${{missing[@]}}" >/dev/null
fi
[[ -n $python ]] || python=$(command -v python3.11)
# Namespaces, where Gradescope's container allows them; without, runs still drop to an
# unprivileged uid, and results.json says so.
command -v bwrap >/dev/null || apt-get install -y -qq bubblewrap >/dev/null 2>&1 \\
    || echo "setup.sh: bubblewrap not installed; submissions run as an unprivileged uid only"
rm -rf {venv}
"$python" -m venv {venv}
{venv}/bin/pip install --quiet --disable-pip-version-check --no-deps {wheels}/grader-*.whl
# The Docker SDK, grader's other dependency, is left out: Gradescope has no Docker engine.
{venv}/bin/pip install --quiet --disable-pip-version-check --no-deps --no-index \\
    --find-links {wheels} 'pyyaml>=6' \\
    || {venv}/bin/pip install --quiet --disable-pip-version-check --no-deps 'pyyaml>=6'
# The problem, its answers and references: root's alone, so that a submission, which runs
# as another uid, can read none of them.
chown -R root:root .
chmod -R go-rwx .
"""

_RUN: Final = """#!/usr/bin/env bash
# Gradescope runs this for every submission, as root, in /autograder. It always writes
# /autograder/results/results.json, whatever the submission does.
mkdir -p /autograder/results
chown root:root /autograder/results
chmod 0755 /autograder/results
exec {venv}/bin/grader gradescope run --config /autograder/source/{config} \\
    --submission /autograder/submission --results /autograder/results/results.json
"""


def setup_script(
    problem: str, languages: Iterable[str], packages: Iterable[tuple[str, str]] | None = None
) -> str:
    """`packages`: (command, Debian package) of each compiler the languages need (by
    default, those of grader's own languages of these names)."""
    chosen = tuple(languages)
    if packages is None:
        from ...languages import LANGUAGES

        packages = [package for language in chosen for package in LANGUAGES[language].packages]
    checks = [
        f"command -v {shlex.quote(command)} >/dev/null || missing+=({shlex.quote(package)})"
        for command, package in dict.fromkeys(packages)
    ]
    return _SETUP.format(
        problem=problem,
        languages=", ".join(chosen),
        checks="\n".join(checks) or "# (Python only: nothing to compile with)",
        venv=VENV,
        wheels=WHEELS,
    )


def run_script() -> str:
    return _RUN.format(venv=VENV, config=CONFIG_FILE)
