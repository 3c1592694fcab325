"""`grader doctor`: each sandbox backend, what it enforces here, or why it cannot run."""

from __future__ import annotations

import argparse

from ...errors import EXIT_FAILED, EXIT_OK
from ..context import Context

HELP = "show each sandbox backend, what it enforces here, or why it cannot run"


def add_arguments(command: argparse.ArgumentParser) -> None:
    pass  # nothing to choose: every backend is surveyed


def run(args: argparse.Namespace, context: Context) -> int:
    from ...doctor import render, survey

    statuses = survey(self_test=True)
    print(render(statuses), file=context.stdout)
    best = next((status for status in statuses if status.available), None)
    ready = best is not None and not best.warning and all(t.passed for t in best.self_tests)
    return EXIT_OK if ready else EXIT_FAILED
