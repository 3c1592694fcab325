"""The contract every report format meets."""

from __future__ import annotations

from typing import Protocol

from ..results import Report


class Reporter(Protocol):
    def __call__(self, report: Report, color: bool, verbose: bool = False) -> str:
        """The whole report as text; `color` allows ANSI colour (a terminal), `verbose` the
        details a reader seldom needs (every protection of the sandbox)."""
        ...
